import {
  editableFields,
  validateReleaseEdit,
  type BillOfLadingRow,
  type ContainerRow,
  type EditableField,
  type IsoDate,
  type ReleaseEdit,
  type ReleaseErrors,
} from '@scr/domain';
import { typedDate } from '../tables/cells.tsx';
import { sentDate, typedDateErrors } from './release-form.ts';

export type EditValues = Record<EditableField, string>;

/** Releases spec §3 "Edit form fields", in the form's sections. */
export const editSections = {
  billOfLading: [
    'vessel',
    'voyageNumber',
    'stayNumber',
    'lloydsNumber',
    'portOfLoading',
    'portOfDestination',
  ],
  container: ['pickupLocation', 'validUntil'],
  turnIn: [
    'turnInLocation',
    'turnInReference',
    'turnInLocationBarge',
    'turnInReferenceBarge',
    'turnInLocationRail',
    'turnInReferenceRail',
  ],
} as const satisfies Record<string, readonly EditableField[]>;

/** Every editable field empty: the multi-edit form. */
export const emptyEditValues = (): EditValues =>
  Object.fromEntries(editableFields.map((field) => [field, ''])) as EditValues;

/** One release's current values (its BL's fields from the BL row, when known). */
export function currentEditValues(row: ContainerRow, bl: BillOfLadingRow | null): EditValues {
  const values = emptyEditValues();
  for (const field of editableFields) {
    const own = (row as unknown as Record<string, unknown>)[field];
    const ofBl = bl ? (bl as unknown as Record<string, unknown>)[field] : undefined;
    const value = own ?? ofBl;
    values[field] = typeof value === 'string' ? value : '';
  }
  values.validUntil = row.validUntil ? typedDate(row.validUntil) : '';
  return values;
}

const sent = (field: EditableField, value: string) => {
  const trimmed = value.trim();
  if (field === 'validUntil') return sentDate(trimmed);
  return trimmed === '' ? null : trimmed;
};

/** Single edit: only what changed is sent; a cleared field is sent as null. */
export function changedFields(initial: EditValues, values: EditValues): ReleaseEdit {
  const edit: ReleaseEdit = {};
  for (const field of editableFields) {
    if (values[field].trim() !== initial[field].trim()) edit[field] = sent(field, values[field]);
  }
  return edit;
}

/** Releases spec §5 "Multi-release edit": empty fields are left out of the change. */
export function filledFields(values: EditValues): ReleaseEdit {
  const edit: ReleaseEdit = {};
  for (const field of editableFields) {
    if (values[field].trim() !== '') edit[field] = sent(field, values[field]);
  }
  return edit;
}

/**
 * Releases spec §5, on an edit as typed: the latest validFrom of the releases is the strictest
 * bound for validUntil.
 */
export function validateEdit(
  values: EditValues,
  edit: ReleaseEdit,
  rows: readonly ContainerRow[],
  terminalCodes: ReadonlySet<string>,
  today?: IsoDate,
): ReleaseErrors {
  const validFrom =
    rows
      .map((row) => row.validFrom)
      .sort()
      .at(-1) ?? '';
  return {
    ...validateReleaseEdit(edit, { validFrom, terminalCodes, today }),
    ...('validUntil' in edit ? typedDateErrors({ validUntil: values.validUntil }) : {}),
  };
}
