import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { parseContainerList } from '@scr/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { fieldMessage } from '../../ui/form-message.ts';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { listRequestCarriers, requestKeys, sendRequest } from './requests-api.ts';
import {
  emptyRequestForm,
  serverRequestFieldKeys,
  toRequestInput,
  validateRequestForm,
  type RequestFieldKeys,
  type RequestFormValues,
  type RequestTextField,
} from './request-form.ts';
import { RequestFilesField } from './request-files-field.tsx';

const textFields: { field: RequestTextField; required?: boolean; multiline?: boolean }[] = [
  { field: 'blNumber', required: true },
  { field: 'containersRaw', multiline: true },
  { field: 'reference' },
  { field: 'invoiceNumber' },
];

/**
 * The request-for-release dialog (releases spec §2 "Request-for-release dialog/form", §3, §5):
 * the carrier from the list of subscription 11 (access spec §9), the BL (HLCU for the carrier
 * the spec names), the containers as free text (the parsed list shown beneath), reference,
 * invoice number and files. Every §5 message shows before sending, the server's after.
 */
export function RequestFormDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { enqueue } = useSnackbar();
  const carriers = useQuery({ queryKey: requestKeys.carriers, queryFn: listRequestCarriers });
  const offered = carriers.data ?? [];
  const [values, setValues] = useState<RequestFormValues | null>(null);
  const form = values ?? emptyRequestForm(offered);
  const [errors, setErrors] = useState<RequestFieldKeys>({});
  const [checked, setChecked] = useState(false);
  const carrier = offered.find((option) => option.address === form.carrierAddress);

  const send = useMutation({
    mutationFn: () => sendRequest(toRequestInput(form)),
    onSuccess: async (request) => {
      enqueue(t('requestsForRelease.form.sent', { carrier: request.carrierName }), 'success');
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      onClose();
    },
    onError: (error) => {
      setErrors(serverRequestFieldKeys(error));
      enqueue(describeApiError(error, t), 'error');
    },
  });

  const change = (next: RequestFormValues) => {
    setValues(next);
    // Once a send was tried, the messages follow the typing.
    if (checked) setErrors(validateRequestForm(next, offered));
  };
  const submit = () => {
    setChecked(true);
    const found = validateRequestForm(form, offered);
    setErrors(found);
    if (Object.keys(found).length === 0) send.mutate();
  };
  const prefixes = carrier?.blPrefixes.join(', ') ?? '';
  const message = (field: string) =>
    errors[field]
      ? fieldMessage(t, errors[field], { prefixes, defaultValue: t('releases.form.invalidField') })
      : undefined;
  const hint = (field: RequestTextField) => {
    if (field === 'blNumber' && prefixes) {
      return t('requestsForRelease.form.prefixHint', { prefixes });
    }
    if (field !== 'containersRaw') return ' ';
    const parsed = parseContainerList(form.containersRaw);
    return parsed.length > 0
      ? t('requestsForRelease.form.containersParsed', { list: parsed.join(', ') })
      : t('requestsForRelease.form.containersHint');
  };

  return (
    <FormDialog
      title={t('requestsForRelease.form.title')}
      testId="rfr-form-dialog"
      maxWidth="md"
      onClose={send.isPending ? undefined : onClose}
      cancelLabel={t('requestsForRelease.form.cancel')}
      submit={{
        label: t('requestsForRelease.form.send'),
        onClick: submit,
        disabled: send.isPending || carriers.isPending,
        testId: 'rfr-send',
      }}
    >
      <TextField
        select
        size="small"
        required
        label={t('requestsForRelease.form.carrier')}
        value={form.carrierAddress}
        onChange={(event) => change({ ...form, carrierAddress: event.target.value })}
        error={!!errors.carrierAddress || (carriers.isSuccess && offered.length === 0)}
        helperText={
          message('carrierAddress') ??
          (carriers.isSuccess && offered.length === 0
            ? t('requestsForRelease.form.noCarriers')
            : ' ')
        }
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rfr-carrier' } as object } }}
      >
        {offered.map((option) => (
          <MenuItem key={option.address} value={option.address}>
            {option.name}
          </MenuItem>
        ))}
      </TextField>
      {textFields.map(({ field, required, multiline }) => (
        <TextField
          key={field}
          size="small"
          required={required}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          label={t(`requestsForRelease.form.${field}`)}
          value={form[field]}
          onChange={(event) => change({ ...form, [field]: event.target.value })}
          error={!!errors[field]}
          helperText={message(field) ?? hint(field)}
          slotProps={{ htmlInput: { 'data-testid': `rfr-${field}` } }}
        />
      ))}
      <RequestFilesField
        files={form.files}
        onChange={(files) => change({ ...form, files })}
        errors={Object.fromEntries(
          Object.keys(errors)
            .filter((field) => field.startsWith('files'))
            .map((field) => [field, message(field)!]),
        )}
      />
    </FormDialog>
  );
}
