import { describe, expect, it } from 'vitest';
import type { CoreorMessageAnswer } from '../api/coreor.ts';
import { coreorStatusOf } from '../api/coreor.ts';
import {
  duplicateMessageAnswer,
  interchangeClaim,
  keepsMessageClaim,
  mayClaimMessage,
} from './coreor-duplicates.ts';
import { readCoreor } from './coreor.ts';

const file = (unz = 'UNZ+1+IC7') =>
  [
    "UNB+UNOA:2+MSCBE+SCRPORTAL+261121:0930+IC7'",
    "UNH+M1+COREOR:D:95B:UN'",
    "BGM+129+RO1+9'",
    "RFF+BN:BL1'",
    "EQD+CN+MSCU1234565'",
    "LOC+117+1742'",
    "CNT+16:1'",
    "UNT+7+M1'",
    `${unz}'`,
  ].join('\n');

const message = (statuses: ('accepted' | 'rejected')[]): CoreorMessageAnswer => ({
  messageReference: 'M1',
  documentNumber: 'RO1',
  function: 'original',
  status: 'partiallyAccepted',
  errors: [],
  releases: statuses.map((status, i) => ({
    blNumber: 'BL1',
    containerNumber: `C${i}`,
    action: 'create',
    status,
    errors: status === 'rejected' ? [{ segment: 'EQD', position: 5, reason: 'blMissing' }] : [],
  })),
});

describe('README "EDIFACT COREOR": what counts as a duplicate', () => {
  it('an interchange claims its sender and control reference only when its envelope was read whole', () => {
    expect(interchangeClaim(readCoreor(file()))).toEqual({
      sender: 'MSCBE',
      controlReference: 'IC7',
    });
    // Refused whole (UNZ miscounts): it claims nothing and may come again, corrected.
    expect(interchangeClaim(readCoreor(file('UNZ+2+IC7')))).toBeNull();
  });

  it('a message claims its reference when the reader took it, and keeps it only when something was taken', () => {
    expect(mayClaimMessage({ reference: 'M1', errors: [] })).toBe(true);
    expect(mayClaimMessage({ reference: 'M1', errors: [{}] })).toBe(false);
    expect(mayClaimMessage({ reference: '', errors: [] })).toBe(false);
    expect(keepsMessageClaim(message(['rejected', 'accepted']))).toBe(true);
    expect(keepsMessageClaim(message(['rejected']))).toBe(false);
  });

  it('answers a duplicate message with nothing done, and a status duplicate when nothing else was', () => {
    const own = duplicateMessageAnswer(message(['accepted', 'rejected']), 'UNH+M1+COREOR:D:95B:UN');
    expect(own.status).toBe('duplicate');
    expect(own.errors).toEqual([
      { segment: 'UNH+M1+COREOR:D:95B:UN', position: 1, reason: 'duplicateMessage' },
    ]);
    expect(own.releases.map((r) => [r.status, r.errors])).toEqual([
      ['duplicate', []],
      ['duplicate', []],
    ]);
    expect(duplicateMessageAnswer(message(['accepted'])).errors).toEqual([]);
    expect(coreorStatusOf(0, 0, [], 2)).toBe('duplicate');
    expect(coreorStatusOf(1, 0, [], 2)).toBe('accepted');
    expect(coreorStatusOf(0, 1, [], 2)).toBe('rejected');
  });
});
