import { describe, expect, it } from 'vitest';
import type { Subscription } from '../subscriptions.ts';
import { blHasPrefix, requestCarrierIds, requiredBlPrefixes } from './carriers.ts';

const today = '2026-11-21';
const plan = (subscriptionId: number, remark: string | null, endDate: string | null = null) =>
  ({ subscriptionId, startDate: '2026-01-01', endDate, remark }) satisfies Subscription;

describe('access spec §9: the carriers offered come from the remark of subscription 11', () => {
  it('reads the organisation ids of the remark, separated by commas, semicolons or spaces', () => {
    expect(requestCarrierIds([plan(11, '12, 7;30 7')], today)).toEqual([12, 7, 30]);
  });

  it('only active plan-11 subscriptions count', () => {
    expect(
      requestCarrierIds(
        [plan(4, '5'), plan(11, '6', '2026-11-20'), plan(11, '8'), plan(1, '9')],
        today,
      ),
    ).toEqual([8]);
  });

  it('ignores what is not an organisation id, and an empty remark offers none', () => {
    expect(requestCarrierIds([plan(11, 'carriers: 4, abc, -3, 0, 2.5, 11')], today)).toEqual([
      4, 11,
    ]);
    expect(requestCarrierIds([plan(11, null), plan(11, '  ')], today)).toEqual([]);
  });
});

describe('releases spec §5 "Request for release": for one named carrier the BL starts with HLCU', () => {
  it('Hapag-Lloyd, however its name is written, needs HLCU; other carriers need nothing', () => {
    for (const name of ['Hapag-Lloyd AG', 'HAPAG LLOYD', 'hapag-lloyd (Antwerp)']) {
      expect(requiredBlPrefixes(name)).toEqual(['HLCU']);
    }
    expect(requiredBlPrefixes('Scheldt Ocean Line NV')).toEqual([]);
  });

  it('checks the BL against the prefixes, case-insensitively', () => {
    expect(blHasPrefix('HLCUANR2611001', ['HLCU'])).toBe(true);
    expect(blHasPrefix(' hlcuanr2611001', ['HLCU'])).toBe(true);
    expect(blHasPrefix('SOLANR2611001', ['HLCU'])).toBe(false);
    expect(blHasPrefix('SOLANR2611001', [])).toBe(true);
  });
});
