import {
  errorTranslationKey,
  transporterAlreadyExists,
  type Transporter,
  type TransporterCreateAnswer,
  type TransporterType,
} from '@scr/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { fieldMessage } from '../../ui/form-message.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { bodyOf, emptyValues, transporterFields, validateValues } from './transporter-fields.ts';
import { createTransporter, transporterKeys } from './transporters-api.ts';

/** Field → translation key of its problem. */
export type FieldProblems = Partial<Record<string, string>>;

/** The server's per-field problems of a 400 answer (`data.fields`). */
export function serverFields(error: unknown): FieldProblems {
  const fields = (error as { data?: { fields?: unknown } } | null)?.data?.fields;
  return typeof fields === 'object' && fields !== null ? (fields as FieldProblems) : {};
}

/** The frame the add and edit dialogs share: the kind's fields, Cancel, and Add or Save. */
export function TransporterFormDialog(props: {
  mode: 'add' | 'edit';
  type: TransporterType;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  errors: FieldProblems;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  /** Fields only this dialog has (the add dialog's send-itsme-link box). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t(`transporters.${props.type}.${props.mode}Title`)}
      testId={`${props.mode}-${props.type}-dialog`}
      onClose={props.onClose}
      cancelLabel={t('transporters.cancel')}
      submit={{
        label: t(props.mode === 'add' ? 'transporters.add' : 'transporters.save'),
        onClick: props.onSubmit,
        disabled: props.pending,
        testId: 'transporter-save',
      }}
    >
      <TransporterFormFields
        type={props.type}
        values={props.values}
        onChange={props.onChange}
        errors={props.errors}
      />
      {props.children}
    </FormDialog>
  );
}

/** The fields of a transporter's form, with their problems (access spec §5). */
export function TransporterFormFields(props: {
  type: TransporterType;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  errors: FieldProblems;
}) {
  const { t } = useTranslation();
  return (
    <>
      {transporterFields[props.type].map((field) => (
        <TextField
          key={field.name}
          label={t(`transporters.fields.${field.name}`)}
          required={field.required}
          type={field.type ?? 'text'}
          value={props.values[field.name] ?? ''}
          onChange={(event) =>
            props.onChange({ ...props.values, [field.name]: event.target.value })
          }
          error={Boolean(props.errors[field.name])}
          helperText={
            props.errors[field.name] ? fieldMessage(t, props.errors[field.name]!) : undefined
          }
          slotProps={{ htmlInput: { 'data-testid': `transporter-${field.name}` } }}
        />
      ))}
    </>
  );
}

/** Domain message names as translation keys under `transporters.validation.`. */
export function problemKeys(errors: Partial<Record<string, string>>): FieldProblems {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, `transporters.validation.${message}`]),
  );
}

/**
 * Access spec §5 "Duplicate driver", §8 "already exists": what the confirmation says, starting
 * with the kind's "already exists" message, the one a taken barge or train is refused with
 * (domain `transporterAlreadyExists`), then the one found and the question.
 */
export function duplicateText(
  t: TFunction,
  type: TransporterType,
  duplicate: TransporterCreateAnswer,
): string {
  const found = t('transporters.existsFound', {
    name: duplicate.existingName ?? '',
    identification: duplicate.existingIdentification ?? '—',
  });
  return `${t(errorTranslationKey(transporterAlreadyExists[type]))} ${found}`;
}

export interface AddTransporterDialogProps<T extends Transporter = Transporter> {
  type: TransporterType;
  onClose: () => void;
  /** Called with the new row once created (the assignment dialog selects it). */
  onCreated?: (row: T) => void;
}

/**
 * Adds a driver, barge or train (access spec §2, §5): the domain's validation before sending,
 * and, when the server finds a duplicate (`isNew` false), the "already exists" confirmation
 * before creating it anyway. The assignment dialog reuses it for its add buttons.
 */
export function AddTransporterDialog<T extends Transporter = Transporter>(
  props: AddTransporterDialogProps<T>,
) {
  const { t } = useTranslation();
  const { enqueue } = useSnackbar();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => emptyValues(props.type));
  const [sendItsmeLink, setSendItsmeLink] = useState(false);
  const [errors, setErrors] = useState<FieldProblems>({});
  const [duplicate, setDuplicate] = useState<TransporterCreateAnswer | null>(null);
  const create = useMutation({
    mutationFn: (confirmed: boolean) =>
      createTransporter(props.type, {
        ...bodyOf(props.type, values),
        ...(props.type === 'driver' && sendItsmeLink ? { sendItsmeLink: true } : {}),
        ...(confirmed ? { confirmed: true } : {}),
      } as never),
    onSuccess: async (answer) => {
      if (!answer.isNew || !answer.result) {
        setDuplicate(answer);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: transporterKeys.of(props.type) });
      enqueue(t(`transporters.${props.type}.created`), 'success');
      props.onCreated?.(answer.result as T);
      props.onClose();
    },
    onError: (error) => {
      setErrors(serverFields(error));
      enqueue(describeApiError(error, t), 'error');
    },
  });
  const submit = () => {
    const problems = problemKeys(validateValues(props.type, values, sendItsmeLink));
    setErrors(problems);
    if (Object.keys(problems).length === 0) create.mutate(false);
  };
  return (
    <>
      <TransporterFormDialog
        mode="add"
        type={props.type}
        values={values}
        onChange={setValues}
        errors={errors}
        onClose={props.onClose}
        onSubmit={submit}
        pending={create.isPending}
      >
        {props.type === 'driver' && (
          <FormControlLabel
            control={
              <Checkbox
                checked={sendItsmeLink}
                onChange={(event) => setSendItsmeLink(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'transporter-sendItsmeLink' } as object }}
              />
            }
            label={t('transporters.fields.sendItsmeLink')}
          />
        )}
      </TransporterFormDialog>
      <ConfirmDialog
        open={duplicate !== null}
        title={t(`transporters.${props.type}.existsTitle`)}
        text={duplicate ? duplicateText(t, props.type, duplicate) : ''}
        confirmLabel={t('transporters.addAnyway')}
        cancelLabel={t('transporters.cancel')}
        testId="transporter-duplicate"
        busy={create.isPending}
        onClose={() => setDuplicate(null)}
        onConfirm={() => {
          setDuplicate(null);
          create.mutate(true);
        }}
      />
    </>
  );
}

/** The add dialog of each kind, by name, for the assignment dialog's tabs. */
export const AddDriverDialog = (props: Omit<AddTransporterDialogProps, 'type'>) => (
  <AddTransporterDialog {...props} type="driver" />
);
export const AddBargeDialog = (props: Omit<AddTransporterDialogProps, 'type'>) => (
  <AddTransporterDialog {...props} type="barge" />
);
export const AddTrainDialog = (props: Omit<AddTransporterDialogProps, 'type'>) => (
  <AddTransporterDialog {...props} type="train" />
);
