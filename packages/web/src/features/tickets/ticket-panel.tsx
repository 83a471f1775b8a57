import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TicketCreated } from '@scr/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { TicketForm } from './ticket-form.tsx';

/**
 * The ticket form, then what happened to it (access spec §7 "Tickets": the answer is a message
 * key, shown with the ticket's number), with a way to write another; `after` adds the page's
 * own way on. Used by the /ticket page and the help drawer alike.
 */
export function TicketPanel(props: {
  destination: string | null;
  compact?: boolean;
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const { enqueue } = useSnackbar();
  const [sent, setSent] = useState<TicketCreated | null>(null);
  if (sent) {
    return (
      <Stack spacing={2} data-testid="ticket-sent">
        <Alert severity="success">{t(sent.message, { id: sent.id })}</Alert>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setSent(null)} data-testid="ticket-another">
            {t('tickets.another')}
          </Button>
          {props.after}
        </Stack>
      </Stack>
    );
  }
  return (
    <TicketForm
      destination={props.destination}
      compact={props.compact}
      onSent={(created) => {
        enqueue(t(created.message, { id: created.id }), 'success');
        setSent(created);
      }}
    />
  );
}
