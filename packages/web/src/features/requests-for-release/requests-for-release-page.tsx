import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { requestsForReleasePermission, type RequestForRelease } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { PremiumPromo } from '../premium/premium-promo.tsx';
import { PagingControls, usePaging } from '../../ui/paging.tsx';
import { useSession } from '../session/session-context.tsx';
import { AnswerRequestDialog } from './answer-request-dialog.tsx';
import { RequestFormDialog } from './request-form-dialog.tsx';
import { listRequests, requestKeys } from './requests-api.ts';
import { RequestsTable } from './requests-table.tsx';

/**
 * /requests-for-release (releases spec §2 "requests-for-release: Overview of requests for
 * release", behind canRequestForRelease): a requester sends requests and lists what it sent; a
 * carrier lists the requests addressed to it and answers them by creating the releases. Others
 * see the promotional panel (non-carriers without the feature) or no such page (terminals).
 */
export function RequestsForReleasePage() {
  const { user } = useSession();
  if (!user?.features) return <NotFoundPage />;
  const side = requestsForReleasePermission(user.organizationRole, user.features);
  if (side === 'forbidden') return <NotFoundPage />;
  if (side === 'subscriptionRequired') return <PremiumPromo feature="canRequestForRelease" />;
  return <RequestsList side={side} />;
}

type Dialog = { kind: 'new' } | { kind: 'answer'; request: RequestForRelease };

function RequestsList({ side }: { side: 'sent' | 'received' }) {
  const { t } = useTranslation();
  const paging = usePaging(10);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const list = useQuery({
    queryKey: requestKeys.page(paging.page, paging.rowsPerPage),
    queryFn: () => listRequests(paging.page, paging.rowsPerPage),
    placeholderData: keepPreviousData,
  });

  return (
    <Box data-testid="rfr-page">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t('requestsForRelease.title')}
        </Typography>
        {side === 'sent' && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ kind: 'new' })}
            data-testid="rfr-new"
          >
            {t('requestsForRelease.new')}
          </Button>
        )}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(side === 'sent' ? 'requestsForRelease.sentIntro' : 'requestsForRelease.receivedIntro')}
      </Typography>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <RequestsTable
          requests={list.data?.data ?? []}
          side={side}
          onAnswer={
            side === 'received' ? (request) => setDialog({ kind: 'answer', request }) : undefined
          }
        />
        {list.isSuccess && list.data.total === 0 && (
          <Typography sx={{ p: 2, color: 'text.secondary' }} data-testid="rfr-empty">
            {t('requestsForRelease.empty')}
          </Typography>
        )}
        {list.isError && (
          <Typography sx={{ p: 2 }} color="error" data-testid="rfr-load-failed">
            {t('requestsForRelease.loadFailed')}
          </Typography>
        )}
        <PagingControls paging={paging} count={list.data?.total ?? 0} />
      </Paper>
      {dialog?.kind === 'new' && <RequestFormDialog onClose={close} />}
      {dialog?.kind === 'answer' && (
        <AnswerRequestDialog request={dialog.request} onClose={close} />
      )}
    </Box>
  );
}
