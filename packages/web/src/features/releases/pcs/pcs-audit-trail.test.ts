import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { descriptionLines } from '../audit-trail/entry-description.ts';

const { t } = createI18n({ language: 'en' });

/*
 * Releases spec §3 "Audit trail entry: special renderings exist for … port-status light
 * updates", and issue 14 item 1: the PCS's answer, as the server records them (`portStatus`:
 * services/green-lights/record-port-status.ts; `pcsAnswer`: releases/pcs/pcs-delivery.ts).
 */
describe('audit trail renderings of port integrations', () => {
  it('a port-status update: the light with its value and colour, the total, the source', () => {
    expect(
      descriptionLines(
        {
          light: 'customs',
          value: 'released',
          color: 'green',
          updatedAt: '2030-01-01T08:00:00.000Z',
          total: { color: 'yellow' },
          source: 'Antwerp Port Status',
        },
        t,
      ),
    ).toEqual([
      { kind: 'light', color: 'green', text: 'Customs: released (green)' },
      { kind: 'light', color: 'yellow', text: 'Total: (yellow)' },
      { kind: 'pair', label: 'Source', value: 'Antwerp Port Status' },
    ]);
  });

  it('the PCS’s answer: accepted with its reference, or refused with why', () => {
    expect(
      descriptionLines(
        { action: 'transferToPcs', pcsResult: 'accepted', reference: 'CP-000012' },
        t,
      ),
    ).toEqual([{ kind: 'text', text: 'Transferred to PCS: accepted (CP-000012)' }]);
    expect(
      descriptionLines(
        {
          action: 'revokeFromPcs',
          pcsResult: 'failed',
          message: 'the PCS answered 503',
        },
        t,
      ),
    ).toEqual([{ kind: 'text', text: 'Revoked from PCS: not reached — the PCS answered 503' }]);
  });
});
