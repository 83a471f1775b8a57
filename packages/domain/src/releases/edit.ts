import { formatTypedDate, parseTypedDate, type IsoDate } from '../dates.ts';
import type { BillOfLadingRow, ContainerRow } from './overview.ts';
import { editableFields, type EditableField, type ReleaseEdit } from './release.ts';
import { validateReleaseEdit, type ReleaseErrors } from './validation.ts';

/**
 * The edit builder of releases spec §2 "Edit dialog (one container) and multi-release edit
 * dialog", §3 "Edit form fields" and §5: from what the form holds (as typed, dates DD/MM/YYYY)
 * to the `ReleaseEdit` sent. The web's edit dialogs call it; the server checks the same edit with
 * `validateReleaseEdit`.
 */

/** Single edit: one release, its values shown; multi-edit: several, every field empty. */
export type EditMode = 'single' | 'multi';

/** The edit form's values as typed, one per editable field. */
export type EditValues = Record<EditableField, string>;

/** Releases spec §3 "Edit form fields", in the form's sections (the first live on the BL). */
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

/**
 * A typed date as sent (`YYYY-MM-DD`); what does not parse is passed on as typed, so the §5
 * check answers "Please provide a date as DD/MM/YYYY" for it.
 */
export const sentDate = (typed: string): string => parseTypedDate(typed) ?? typed.trim();

/** Releases spec §3: a date is typed as DD/MM/YYYY; anything else typed is "invalidDate". */
export function typedDateErrors(
  values: Partial<Record<'validFrom' | 'validUntil', string>>,
): ReleaseErrors {
  const errors: ReleaseErrors = {};
  for (const field of ['validFrom', 'validUntil'] as const) {
    const typed = values[field]?.trim();
    if (typed && parseTypedDate(typed) === null) errors[field] = 'invalidDate';
  }
  return errors;
}

/** Every editable field empty: the multi-edit form. */
export const emptyEditValues = (): EditValues =>
  Object.fromEntries(editableFields.map((field) => [field, ''])) as EditValues;

/** A stored date as typed; a value that is no ISO date is shown as it is. */
function typedOf(iso: string): string {
  try {
    return formatTypedDate(iso.slice(0, 10));
  } catch {
    return iso;
  }
}

/** One release's current values for the single edit form (its BL's fields from the BL row). */
export function currentEditValues(row: ContainerRow, bl: BillOfLadingRow | null): EditValues {
  const values = emptyEditValues();
  for (const field of editableFields) {
    const own = (row as unknown as Record<string, unknown>)[field];
    const ofBl = bl ? (bl as unknown as Record<string, unknown>)[field] : undefined;
    const value = own ?? ofBl;
    values[field] = typeof value === 'string' ? value : '';
  }
  values.validUntil = row.validUntil ? typedOf(row.validUntil) : '';
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
 * The edit a form sends: in single mode what changed since `initial`, in multi mode the filled
 * fields. An empty edit is nothing to send: §5 enables the submit only when it has a field.
 */
export function releaseEditOf(
  mode: EditMode,
  initial: EditValues,
  values: EditValues,
): ReleaseEdit {
  return mode === 'single' ? changedFields(initial, values) : filledFields(values);
}

/**
 * Releases spec §5, on an edit as typed: the latest validFrom of the releases is the strictest
 * bound for validUntil; a validUntil that is not DD/MM/YYYY is "invalidDate".
 */
export function validateEdit(
  values: EditValues,
  edit: ReleaseEdit,
  rows: readonly Pick<ContainerRow, 'validFrom'>[],
  terminalCodes: ReadonlySet<string>,
  today?: IsoDate,
): ReleaseErrors {
  const validFrom =
    rows
      .map((row) => row.validFrom)
      .sort()
      .at(-1) ?? '';
  return {
    ...validateReleaseEdit(edit, { validFrom, terminalCodes, today, source: 'form' }),
    ...('validUntil' in edit ? typedDateErrors({ validUntil: values.validUntil }) : {}),
  };
}
