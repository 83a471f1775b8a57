import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { todayInBrussels, type ReleaseInput } from '@scr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { useDiscardGuard } from '../../../ui/discard-guard.tsx';
import { useSnackbar } from '../../../ui/snackbar/snackbar-context.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { useTerminals } from '../api/use-lookups.ts';
import { domainFieldKeys, translateFieldKeys, type FieldKeys } from './field-messages.ts';
import { ReleaseFields } from './release-fields.tsx';
import {
  blFormFields,
  containerFormFields,
  emptyReleaseForm,
  serverFieldKeys,
  toReleaseInput,
  turnInFormFields,
  validateReleaseForm,
  type ReleaseFormField,
  type ReleaseFormValues,
} from './release-form.ts';

const required: ReleaseFormField[] = [
  'blNumber',
  'containerNumber',
  'pickupLocation',
  'validFrom',
  'validUntil',
];

export interface CreateReleaseDialogProps {
  onClose: () => void;
  /** Values to start from (answering a request for release: its BL and a container). */
  initial?: Partial<ReleaseFormValues>;
  /** Fields shown with their initial value but not editable (the request's BL). */
  locked?: readonly ReleaseFormField[];
  /** Sends the release another way than `releases` create (answering a request links it). */
  send?: (input: ReleaseInput) => Promise<unknown>;
  title?: string;
}

/**
 * Creates one release (releases spec §2 "create dialogs", §3 create payload): every §5 message
 * shows under its field before anything is sent, and the server's field messages after.
 */
export function CreateReleaseDialog({
  onClose,
  initial,
  locked = [],
  send,
  title,
}: CreateReleaseDialogProps) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const queryClient = useQueryClient();
  const { enqueue } = useSnackbar();
  const { terminals, codes } = useTerminals();
  const [start] = useState(() => ({
    ...emptyReleaseForm(todayInBrussels()),
    ...initial,
  }));
  const [values, setValues] = useState(start);
  // Issue 15: twenty fields typed are not lost to Escape, the backdrop or Cancel.
  const guard = useDiscardGuard(
    Object.entries(values).some(([field, value]) => start[field as ReleaseFormField] !== value),
    onClose,
  );
  const editable = (fields: readonly ReleaseFormField[]) =>
    fields.filter((field) => !locked.includes(field));
  const [errors, setErrors] = useState<FieldKeys>({});
  const [checked, setChecked] = useState(false);

  const create = useMutation({
    mutationFn: () => (send ?? api.createRelease)(toReleaseInput(values)),
    onSuccess: async () => {
      enqueue(
        t('releases.create.created', { container: values.containerNumber.trim() }),
        'success',
      );
      await queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
      onClose();
    },
    onError: (error) => {
      setErrors(serverFieldKeys(error));
      enqueue(describeApiError(error, t), 'error');
    },
  });

  const check = (next: typeof values) => domainFieldKeys(validateReleaseForm(next, codes));
  const change = (field: ReleaseFormField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a send was tried, the messages follow the typing.
    if (checked) setErrors(check(next));
  };
  const submit = () => {
    setChecked(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : guard.requestClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="create-release-title"
      data-testid="create-release-dialog"
    >
      <DialogTitle id="create-release-title">{title ?? t('releases.create.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          id="create-release-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <ReleaseFields
            sections={[
              { title: t('releases.form.billOfLading'), fields: editable(blFormFields) },
              { title: t('releases.form.container'), fields: editable(containerFormFields) },
              { title: t('releases.form.turnIn'), fields: editable(turnInFormFields) },
            ]}
            locked={
              locked.length > 0
                ? Object.fromEntries(locked.map((field) => [field, values[field]]))
                : undefined
            }
            values={values}
            errors={translateFieldKeys(t, errors, values)}
            onChange={change}
            terminals={terminals}
            required={required}
            testIdPrefix="create"
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={guard.requestClose}
          disabled={create.isPending}
          data-testid="create-cancel"
        >
          {t('releases.cancel')}
        </Button>
        <Button
          type="submit"
          form="create-release-form"
          variant="contained"
          disabled={create.isPending}
          data-testid="create-submit"
        >
          {t('releases.create.submit')}
        </Button>
      </DialogActions>
      {guard.confirmation}
    </Dialog>
  );
}
