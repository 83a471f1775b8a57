import {
  webhookPauseRule,
  webhookRetentionDays,
  type WebhookEndpointState as State,
  type WebhookEndpointView,
} from '@scr/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAdminT } from '../admin-i18n.ts';
import { formatMoment } from '../common/format.ts';

const stateColor: Record<State, 'success' | 'warning' | 'default'> = {
  active: 'success',
  paused: 'warning',
  inactive: 'default',
};

/**
 * Issue 42 item 6: where an endpoint stands (delivering, paused since when, switched off), its
 * last error, how many events wait, and the way to resume a paused one.
 */
export function WebhookEndpointStateCell(props: {
  endpoint: WebhookEndpointView;
  onResume: (endpoint: WebhookEndpointView) => void;
  busy: boolean;
}) {
  const { t } = useAdminT();
  const { endpoint } = props;
  const since = endpoint.pausedAt ? formatMoment(endpoint.pausedAt) : '';
  return (
    <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }} data-testid={`webhook-state-${endpoint.id}`}>
      <Chip
        size="small"
        color={stateColor[endpoint.state]}
        label={t(`webhooks.state.${endpoint.state}`, { since })}
      />
      {endpoint.lastError ? (
        <Typography variant="caption" color="text.secondary">
          {t('webhooks.lastError', { error: endpoint.lastError })}
        </Typography>
      ) : null}
      {endpoint.waiting > 0 ? (
        <Typography variant="caption">
          {t('webhooks.waiting', { count: endpoint.waiting })}
        </Typography>
      ) : null}
      {endpoint.state === 'paused' ? (
        <Button
          size="small"
          variant="outlined"
          disabled={props.busy}
          onClick={() => props.onResume(endpoint)}
          data-testid={`webhook-resume-${endpoint.id}`}
        >
          {t('webhooks.resume')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** What happens to events while an endpoint is paused or switched off, and for how long. */
export function WebhookHeldRule() {
  const { t } = useAdminT();
  return (
    <Alert severity="info" sx={{ mb: 2, maxWidth: 900 }} data-testid="webhook-held-rule">
      {t('webhooks.heldRule', {
        days: webhookRetentionDays,
        failures: webhookPauseRule.failures,
        minutes: webhookPauseRule.minutes,
      })}
    </Alert>
  );
}
