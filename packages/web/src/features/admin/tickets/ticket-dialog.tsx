import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TicketView } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { describeApiError } from '../../../api/errors.ts';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { formatMoment } from '../common/format.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { TicketStatusChip } from './ticket-status-chip.tsx';

/** One ticket as support reads it: every field, the sender, the image, and close or reopen. */
export function TicketDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, tApp } = useAdminT();
  const ticket = useQuery({
    queryKey: adminKeys.of('tickets', 'one', id),
    queryFn: () => adminApi.tickets.get(id),
  });
  const setStatus = useAdminMutation({
    mutationFn: (next: TicketView['status']) => adminApi.tickets.patch(id, { status: next }),
    success: (result) => (result.status === 'closed' ? 'tickets.closed' : 'tickets.reopened'),
    invalidates: ['tickets'],
  });
  const view = ticket.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="ticket-dialog">
      <DialogTitle>{view ? `#${view.id} ${view.title}` : t('tickets.loading')}</DialogTitle>
      <DialogContent dividers>
        {ticket.isLoading ? <LinearProgress aria-label={t('common.loading')} /> : null}
        {ticket.error ? (
          <Alert severity="error">{describeApiError(ticket.error, tApp)}</Alert>
        ) : null}
        {view ? (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 2 }}>
              <TicketStatusChip status={view.status} />
              <Typography variant="body2" color="text.secondary">
                {formatMoment(view.createdAt)}
                {view.closedAt
                  ? ` · ${t('tickets.closedBy', { who: view.closedBy ?? '—', when: formatMoment(view.closedAt) })}`
                  : ''}
              </Typography>
            </Box>
            <Facts view={view} />
            <Typography
              data-testid="ticket-content"
              sx={{ whiteSpace: 'pre-wrap', my: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}
            >
              {view.content}
            </Typography>
            {view.image ? <TicketImagePreview id={view.id} /> : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        {view ? (
          <Button
            component="a"
            href={`mailto:${view.email}?subject=${encodeURIComponent(`[SCR ticket #${view.id}] ${view.title}`)}`}
          >
            {t('tickets.reply')}
          </Button>
        ) : null}
        {view ? (
          <Button
            onClick={() => setStatus.mutate(view.status === 'open' ? 'closed' : 'open')}
            disabled={setStatus.isPending}
            data-testid="ticket-toggle-status"
          >
            {view.status === 'open' ? t('tickets.close') : t('tickets.reopen')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Facts({ view }: { view: TicketView }) {
  const { t } = useAdminT();
  const facts: [string, string | null][] = [
    ['tickets.fromName', view.name],
    ['tickets.email', view.email],
    ['tickets.phone', view.phone],
    ['tickets.company', view.company],
    ['tickets.sentBy', `${view.user.name} <${view.user.email}>`],
    ['tickets.organization', `${view.organization.name} (${view.organization.id})`],
    ['tickets.about', view.destination],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 2, m: 0 }}
    >
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** The ticket's image, fetched when the ticket opens; its type came from its content. */
function TicketImagePreview({ id }: { id: number }) {
  const { t, tApp } = useAdminT();
  const image = useQuery({
    queryKey: adminKeys.of('ticketImages', id),
    queryFn: () => adminApi.ticketImages.get(id),
    staleTime: Infinity,
  });
  if (image.error) return <Alert severity="error">{describeApiError(image.error, tApp)}</Alert>;
  if (!image.data) return <LinearProgress aria-label={t('tickets.loadingImage')} />;
  const source = `data:${image.data.contentType};base64,${image.data.contentBase64}`;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {image.data.fileName}
      </Typography>
      <Box
        component="img"
        src={source}
        alt={t('tickets.imageAlt', { name: image.data.fileName })}
        data-testid="ticket-image-preview"
        sx={{
          maxWidth: '100%',
          maxHeight: 480,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
    </Box>
  );
}
