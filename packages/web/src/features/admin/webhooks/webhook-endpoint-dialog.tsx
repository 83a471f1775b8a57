import {
  releaseWebhookEventTypes,
  webhookEventTypes,
  webhookUrlProblem,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@scr/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '../../../ui/form-dialog.tsx';
import { adminApi } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import type { OrganizationChoice } from '../common/organization-picker.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';

/**
 * Registers an endpoint (URL, what it is for, the event types it takes) or edits one. The URL
 * is checked as the server checks it (domain `webhookUrlProblem`); a new endpoint's secret
 * is answered once, for `onCreated` to show.
 */
export function WebhookEndpointDialog(props: {
  organization: OrganizationChoice;
  endpoint?: WebhookEndpointView;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const editing = props.endpoint;
  const [url, setUrl] = useState(editing?.url ?? 'https://');
  const [description, setDescription] = useState(editing?.description ?? '');
  // A new endpoint takes its chain's release events; the ledger's checkpoints, the whole portal's,
  // only when its admin ticks them.
  const [types, setTypes] = useState<WebhookEventType[]>(
    editing?.eventTypes ?? [...releaseWebhookEventTypes],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAdminMutation({
    mutationFn: () => {
      const body = { url: url.trim(), description: description.trim(), eventTypes: types };
      return editing
        ? adminApi.webhookEndpoints.patch(editing.id, body)
        : adminApi.webhookEndpoints.create({ ...body, organizationId: props.organization.id });
    },
    success: editing ? 'webhooks.saved' : 'webhooks.created',
    invalidates: ['webhookEndpoints'],
    onSuccess: (saved) =>
      editing ? props.onClose() : props.onCreated(saved as WebhookEndpointWithSecret),
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems: FieldErrors = {};
    // The browser does not know whether the portal runs in production: the server decides that part.
    const problem = webhookUrlProblem(url.trim(), { production: false });
    if (problem) problems.url = `webhooks.validation.${problem}`;
    if (types.length === 0) problems.eventTypes = 'validation.minItems';
    setErrors(problems);
    if (!hasErrors(problems)) save.mutate(undefined);
  };
  const toggle = (type: WebhookEventType, on: boolean) =>
    setTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
  return (
    <FormDialog
      title={
        editing
          ? t('webhooks.editTitle')
          : t('webhooks.newTitle', { organization: props.organization.name })
      }
      testId="webhook-dialog"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('webhooks.save'),
        onClick: submit,
        disabled: save.isPending,
        testId: 'webhook-save',
      }}
    >
      <TextField
        label={t('webhooks.url')}
        required
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={Boolean(errors.url)}
        helperText={fieldMessage(t, errors.url, 'url') ?? t('webhooks.urlHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'webhook-url', maxLength: 2000 } }}
      />
      <TextField
        label={t('webhooks.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        helperText={t('webhooks.descriptionHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'webhook-description', maxLength: 200 } }}
      />
      <FormControl error={Boolean(errors.eventTypes)} component="fieldset" required>
        <FormLabel component="legend">{t('webhooks.eventTypes')}</FormLabel>
        <FormGroup>
          {webhookEventTypes.map((type) => (
            <FormControlLabel
              key={type}
              control={
                <Checkbox
                  checked={types.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                  data-testid={`webhook-type-${type}`}
                />
              }
              label={t(`webhooks.type.${type}`)}
            />
          ))}
        </FormGroup>
        {errors.eventTypes && <FormHelperText>{fieldMessage(t, errors.eventTypes)}</FormHelperText>}
      </FormControl>
    </FormDialog>
  );
}
