import type { Transporter, TransporterType } from '@scr/domain';
import { useState } from 'react';
import {
  problemKeys,
  serverFields,
  TransporterFormDialog,
  type FieldProblems,
} from './transporter-dialog.tsx';
import { bodyOf, transporterFields, validateValues } from './transporter-fields.ts';
import { useTransporterPatch } from './use-transporter-patch.tsx';

/** A row's values as the form holds them (text, empty for none). */
function valuesOf(type: TransporterType, row: Transporter): Record<string, string> {
  const record = row as unknown as Record<string, unknown>;
  return Object.fromEntries(
    transporterFields[type].map((field) => [field.name, String(record[field.name] ?? '')]),
  );
}

/**
 * Edits a driver, barge or train (access spec §2, §5). Changing the identifier of one with
 * assigned releases shows the unassign warning first (access spec §4).
 */
export function EditTransporterDialog(props: {
  type: TransporterType;
  row: Transporter;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => valuesOf(props.type, props.row));
  const [errors, setErrors] = useState<FieldProblems>({});
  const save = useTransporterPatch(props.type, {
    onDone: props.onClose,
    onFieldErrors: (error) => setErrors(serverFields(error)),
  });
  const submit = () => {
    const problems = problemKeys(validateValues(props.type, values));
    setErrors(problems);
    if (Object.keys(problems).length === 0)
      save.patch(props.row.id, bodyOf(props.type, values) as Record<string, unknown>);
  };
  return (
    <>
      <TransporterFormDialog
        mode="edit"
        type={props.type}
        values={values}
        onChange={setValues}
        errors={errors}
        onClose={props.onClose}
        onSubmit={submit}
        pending={save.isPending}
      />
      {save.warning}
    </>
  );
}
