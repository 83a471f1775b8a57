import { maskIdentification } from './identification.ts';
import { describe, expect, it } from 'vitest';
import {
  evidenceBundleFileName,
  evidenceBundleSignedText,
  type EvidenceBundle,
} from './evidence-bundle.ts';

describe('docs/ledger.md, "Evidence bundles": the evidence bundle', () => {
  it('is signed as canonical JSON of everything but its signature', () => {
    const bundle = {
      v: 1,
      kind: 'scr-evidence-bundle',
      scope: { blNumber: 'B/1' },
      signature: '0x12',
    };
    expect(evidenceBundleSignedText(bundle as unknown as EvidenceBundle)).toBe(
      '{"kind":"scr-evidence-bundle","scope":{"blNumber":"B/1"},"v":1}',
    );
  });

  it('is a file named after the container or BL and the Brussels time of its export', () => {
    const at = new Date('2026-11-21T09:30:05Z');
    expect(evidenceBundleFileName({ containerNumber: 'MSKU1234565' }, at)).toBe(
      'scr-evidence-MSKU1234565-20261121-103005.json',
    );
    expect(evidenceBundleFileName({ blNumber: 'ANR 26/001' }, at)).toBe(
      'scr-evidence-ANR_26_001-20261121-103005.json',
    );
  });

  it('is told with identifications masked to their last three characters', () => {
    expect(maskIdentification('734305')).toBe('•••305');
    expect(maskIdentification(' NL12345678 ')).toBe('•••678');
    expect(maskIdentification('12345')).toBe('•••');
    expect(maskIdentification('')).toBe('•••');
  });
});
