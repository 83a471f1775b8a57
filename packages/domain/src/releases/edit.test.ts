import { describe, expect, it } from 'vitest';
import {
  changedFields,
  currentEditValues,
  editSections,
  emptyEditValues,
  filledFields,
  releaseEditOf,
  sentDate,
  typedDateErrors,
  validateEdit,
} from './edit.ts';
import type { BillOfLadingRow, ContainerRow } from './overview.ts';
import { editableFields } from './release.ts';

const container = (changes: Partial<ContainerRow> = {}) =>
  ({
    blNumber: 'SOLU1234567',
    containerNumber: 'MSKU1234565',
    vessel: 'Scheldt Star',
    voyageNumber: 'V042',
    pickupLocation: '1742',
    turnInLocation: null,
    turnInReference: null,
    turnInLocationBarge: null,
    turnInReferenceBarge: null,
    turnInLocationRail: null,
    turnInReferenceRail: null,
    validFrom: '2030-01-01',
    validUntil: '2030-03-01',
    ...changes,
  }) as ContainerRow;
const billOfLading = (changes: Partial<BillOfLadingRow> = {}) =>
  ({
    blNumber: 'SOLU1234567',
    portOfLoading: 'Shanghai',
    portOfDestination: 'Antwerp',
    vessel: 'Scheldt Star',
    stayNumber: '240101',
    lloydsNumber: '9876543',
    voyageNumber: 'V042',
    ...changes,
  }) as BillOfLadingRow;

describe('releases spec §3 "Edit form fields": the edit form', () => {
  it('shows every editable field once, in the BL, container and turn-in sections', () => {
    const shown = [...editSections.billOfLading, ...editSections.container, ...editSections.turnIn];
    expect([...shown].sort()).toEqual([...editableFields].sort());
    expect(shown).not.toContain('blNumber');
    expect(shown).not.toContain('containerNumber');
  });

  it('starts a multi-edit with every field empty', () => {
    expect(Object.values(emptyEditValues()).every((value) => value === '')).toBe(true);
    expect(Object.keys(emptyEditValues()).sort()).toEqual([...editableFields].sort());
  });

  it("starts a single edit with the release's values, its BL's where the release has none", () => {
    const values = currentEditValues(
      container({ turnInLocation: 'Depot 9', validUntil: '2030-03-01' }),
      billOfLading({ portOfLoading: 'Shanghai' }),
    );
    expect(values).toMatchObject({
      portOfLoading: 'Shanghai',
      stayNumber: '240101',
      vessel: 'Scheldt Star',
      turnInLocation: 'Depot 9',
      turnInReference: '',
      validUntil: '01/03/2030',
    });
    expect(currentEditValues(container(), null).portOfLoading).toBe('');
  });
});

describe('releases spec §2 edit dialog (one container), §5 "Create and edit": single edit', () => {
  const initial = currentEditValues(
    container({ turnInLocation: 'Depot 9', validUntil: '2030-03-01' }),
    billOfLading(),
  );

  it('sends what changed, a cleared field as null, a typed date as YYYY-MM-DD', () => {
    const values = { ...initial, turnInLocation: '', validUntil: '02/03/2030' };
    expect(changedFields(initial, values)).toEqual({
      turnInLocation: null,
      validUntil: '2030-03-02',
    });
    expect(releaseEditOf('single', initial, values)).toEqual(changedFields(initial, values));
  });

  it('sends nothing when only spaces changed', () => {
    expect(releaseEditOf('single', initial, { ...initial, vessel: ' Scheldt Star ' })).toEqual({});
  });
});

describe('releases spec §2 multi-release edit dialog, §5 "Multi-release edit"', () => {
  it('leaves empty fields out of the change', () => {
    const values = { ...emptyEditValues(), vessel: ' Star ', validUntil: '01/06/2031' };
    expect(filledFields(values)).toEqual({ vessel: 'Star', validUntil: '2031-06-01' });
    expect(filledFields(emptyEditValues())).toEqual({});
  });

  it('ignores the initial values: only filled fields are sent, never a null', () => {
    const initial = currentEditValues(container({ turnInLocation: 'Depot 9' }), billOfLading());
    const values = { ...emptyEditValues(), turnInReferenceRail: 'RAIL-7' };
    expect(releaseEditOf('multi', initial, values)).toEqual({ turnInReferenceRail: 'RAIL-7' });
  });
});

describe('releases spec §5 "Create and edit a release (checked before sending)", on an edit', () => {
  const terminalCodes = new Set(['1742']);
  const today = '2030-01-15';

  it('passes on what is no DD/MM/YYYY date as typed, and calls it invalidDate', () => {
    expect(sentDate(' 31/02/2030 ')).toBe('31/02/2030');
    expect(sentDate('1/2/2030')).toBe('2030-02-01');
    expect(typedDateErrors({ validFrom: '2030-01-01', validUntil: '' })).toEqual({
      validFrom: 'invalidDate',
    });
  });

  it('bounds validUntil by the latest validFrom of the releases edited', () => {
    const rows = [{ validFrom: '2030-01-01' }, { validFrom: '2030-02-01' }];
    const values = { ...emptyEditValues(), validUntil: '20/01/2030' };
    const edit = filledFields(values);
    expect(validateEdit(values, edit, rows, terminalCodes, today)).toEqual({
      validUntil: 'validUntilBeforeFrom',
    });
    expect(validateEdit(values, edit, rows.slice(0, 1), terminalCodes, today)).toEqual({});
  });

  it('refuses an unknown terminal and a validUntil that is not a date', () => {
    const values = { ...emptyEditValues(), pickupLocation: 'X', validUntil: 'soon' };
    const errors = validateEdit(values, filledFields(values), [], terminalCodes, today);
    expect(errors.pickupLocation).toBe('invalidTerminal');
    expect(errors.validUntil).toBe('invalidDate');
  });
});
