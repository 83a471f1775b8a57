import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { descriptionLines, descriptionText } from './entry-description.ts';

const { t } = createI18n({ language: 'en' });
const lines = (description: unknown) => descriptionLines(description, t);
const text = (description: unknown) => descriptionText(lines(description));

describe('audit trail descriptions (releases spec §3 "Audit trail entry")', () => {
  it('shows plain text as it is, and nothing for no description', () => {
    expect(lines('Released by the agent')).toEqual([
      { kind: 'text', text: 'Released by the agent' },
    ]);
    expect(lines(null)).toEqual([]);
    expect(lines('')).toEqual([]);
  });

  it('renders an assigned driver by name and identification', () => {
    const described = lines({
      type: 'driver',
      driverName: 'Jan Janssens',
      identification: '123456',
      identificationType: 'alfaPass',
      visitNumber: 'V-9',
    });
    expect(described).toEqual([
      { kind: 'driver', text: 'Driver: Jan Janssens (alfaPass 123456)' },
      { kind: 'pair', label: 'Visit number', value: 'V-9' },
    ]);
  });

  it('releases spec §3 "special renderings exist for assign driver": an assign and an unassign as the server records them', () => {
    expect(
      lines({
        assignee: {
          type: 'driver',
          name: 'Jef Van Damme',
          identification: '417305',
          identificationType: 'alfapass',
        },
        visitNumber: 'V-1',
      }),
    ).toEqual([
      { kind: 'driver', text: 'Assigned to driver Jef Van Damme (alfapass 417305), visit V-1' },
    ]);
    expect(lines({ unassigned: { type: 'barge', name: 'Scheldt 7' } })).toEqual([
      { kind: 'driver', text: 'Unassigned from barge Scheldt 7' },
    ]);
  });

  it('an assign as the ledger records it now: the identification masked, its commitment not shown', () => {
    expect(
      lines({
        assignee: {
          type: 'driver',
          name: 'Jef Van Damme',
          identificationType: 'alfapass',
          identificationCommitment: `0x${'ab'.repeat(32)}`,
          identificationMasked: '•••305',
        },
      }),
    ).toEqual([{ kind: 'driver', text: 'Assigned to driver Jef Van Damme (alfapass •••305)' }]);
  });

  it('renders a terminal check by its result', () => {
    expect(text({ result: 'nok', reason: 'no alfaPass' })).toBe(
      'Terminal check: nok; Reason: no alfaPass',
    );
  });

  it('DESIGN §3 "terminal check": renders the gate check result with checked and assigned values', () => {
    const refused = {
      terminal: 'K913',
      containerNumber: 'MSKU1234567',
      identificationType: 'alfapass',
      checkedValue: '654321',
      assignedValue: '123456',
      result: 'otherIdentification',
    };
    expect(lines(refused)[0]).toEqual({
      kind: 'check',
      text: 'Terminal check: refused (This container is assigned to another identification.)',
    });
    expect(text(refused)).toBe(
      'Terminal check: refused (This container is assigned to another identification.); Terminal: K913; Container number: MSKU1234567; Identification type: alfapass; Checked value: 654321; Assigned value: 123456',
    );
    expect(text({ ...refused, checkedValue: '123456', result: 'allowed' })).toMatch(
      /^Terminal check: allowed; /,
    );
    expect(descriptionLines(refused, createI18n({ language: 'nl' }).t)[0]!.kind).toBe('check');
  });

  it('renders port-status lights with their value and colour, one or several', () => {
    expect(lines({ light: 'customs', value: 'released', color: 'green' })).toEqual([
      { kind: 'light', color: 'green', text: 'Customs: released (green)' },
    ]);
    expect(
      text({
        commercialrelease: { value: 'ok', color: 'green', updatedAt: '2026-11-21T09:30:00Z' },
        pickuplight: { value: 'assigned', color: 'yellow' },
      }),
    ).toBe('Commercial release: ok (green); Pick-up light: assigned (yellow)');
  });

  it('shows other JSON as key: value pairs, known keys by name, nested ones flattened', () => {
    expect(
      text({
        changes: { turnInLocation: 'Depot Noord', turnInReference: null },
        billOfLading: { blNumber: 'SOLU1' },
        custom: { deep: 1 },
        isSecurePickup: false,
        userId: 7,
      }),
    ).toBe(
      'Turn-in location (truck): Depot Noord; Turn-in reference (truck): —; BL number: SOLU1; custom.deep: 1; Secure pick-up: No',
    );
    expect(text('{"note":"sent as text"}')).toBe('note: sent as text');
  });

  it('never shows anything about a pincode', () => {
    expect(text({ pincode: '482913', container: { encryptedPincode: 'x', vessel: 'V' } })).toBe(
      'Vessel: V',
    );
  });
});
