import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  formatTypedDate,
  parseTypedDate,
  planIds,
  todayInBrussels,
  type SubscriptionView,
} from '@scr/domain';
import { useState } from 'react';
import { adminApi } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { FormDialog } from '../../../ui/form-dialog.tsx';

/**
 * Adds a plan to an organisation, or changes the end date and remark of one. Dates are typed
 * DD/MM/YYYY and sent YYYY-MM-DD (DESIGN §5); an empty end date means open-ended.
 */
export function SubscriptionDialog(props: {
  organizationId: number;
  subscription: SubscriptionView | null;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const editing = props.subscription;
  const [plan, setPlan] = useState<number>(editing?.subscriptionId ?? 4);
  const [start, setStart] = useState(formatTypedDate(editing?.startDate ?? todayInBrussels()));
  const [end, setEnd] = useState(editing?.endDate ? formatTypedDate(editing.endDate) : '');
  const [remark, setRemark] = useState(editing?.remark ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAdminMutation({
    mutationFn: (body: Record<string, unknown>) =>
      editing
        ? adminApi.subscriptions.patch(editing.id, body)
        : adminApi.subscriptions.create({ organizationId: props.organizationId, ...body }),
    success: editing ? 'common.saved' : 'subscriptions.added',
    invalidates: ['subscriptions', 'features'],
    onSuccess: props.onClose,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems: FieldErrors = {};
    const startDate = parseTypedDate(start);
    const endDate = end.trim() ? parseTypedDate(end) : null;
    if (!startDate) problems.startDate = 'validation.date';
    if (end.trim() && !endDate) problems.endDate = 'validation.date';
    if (startDate && endDate && endDate < startDate) problems.endDate = 'validation.endBeforeStart';
    setErrors(problems);
    if (hasErrors(problems)) return;
    const common = { endDate, remark: remark.trim() || null };
    save.mutate(editing ? common : { subscriptionId: plan, startDate, ...common });
  };
  const dateField = (
    label: string,
    value: string,
    set: (v: string) => void,
    field: string,
    disabled = false,
  ) => (
    <TextField
      label={label}
      placeholder={t('subscriptions.datePlaceholder')}
      value={value}
      disabled={disabled}
      onChange={(event) => set(event.target.value)}
      error={Boolean(errors[field])}
      helperText={fieldMessage(t, errors[field])}
      slotProps={{ htmlInput: { 'data-testid': `subscription-${field}`, inputMode: 'numeric' } }}
      fullWidth
    />
  );
  return (
    <FormDialog
      title={editing ? t('subscriptions.editTitle') : t('subscriptions.addTitle')}
      testId="subscription-dialog"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('common.save'),
        onClick: submit,
        disabled: save.isPending,
        testId: 'subscription-save',
      }}
    >
      <TextField
        select
        label={t('subscriptions.plan')}
        value={plan}
        disabled={Boolean(editing)}
        onChange={(event) => setPlan(Number(event.target.value))}
        slotProps={{ htmlInput: { 'data-testid': 'subscription-plan' } }}
      >
        {planIds.map((id) => (
          <MenuItem key={id} value={id}>
            {`${id} · ${t(`plans.${id}`)}`}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {dateField(t('subscriptions.start'), start, setStart, 'startDate', Boolean(editing))}
        {dateField(t('subscriptions.end'), end, setEnd, 'endDate')}
      </Stack>
      <TextField
        label={t('subscriptions.remark')}
        value={remark}
        multiline
        minRows={2}
        onChange={(event) => setRemark(event.target.value)}
        helperText={plan === 11 ? t('subscriptions.remark11') : undefined}
      />
    </FormDialog>
  );
}
