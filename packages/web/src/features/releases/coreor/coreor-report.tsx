import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CoreorAnswer, CoreorError, CoreorStatus } from '@scr/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const severity: Record<CoreorStatus, 'success' | 'warning' | 'error' | 'info'> = {
  accepted: 'success',
  partiallyAccepted: 'warning',
  rejected: 'error',
  duplicate: 'info',
};

/** One error as a reader wants it: the reason, and for a refused value which and why. */
export function coreorErrorText(t: TFunction, error: CoreorError): string {
  const reason = t(`releases.coreor.reason.${error.reason}`);
  return error.detail
    ? `${reason}: ${t(error.detail, { defaultValue: error.message ?? '' })}`
    : reason;
}

function ErrorRows({ errors }: { errors: CoreorError[] }) {
  const { t } = useTranslation();
  return errors.map((error, i) => (
    <Box key={i} component="li" sx={{ mb: 0.5 }}>
      <Box component="code" sx={{ fontFamily: 'monospace', mr: 1 }} data-testid="coreor-segment">
        {error.segment || '—'}
      </Box>
      {error.position > 0 ? (
        <Typography component="span" variant="caption" sx={{ mr: 1 }}>
          {t('releases.coreor.position', { position: error.position })}
        </Typography>
      ) : null}
      <Typography component="span" variant="body2" data-testid="coreor-reason">
        {coreorErrorText(t, error)}
      </Typography>
    </Box>
  ));
}

/** The APERAK-like answer: the interchange's verdict, then each message and its containers. */
export function CoreorReport({ answer }: { answer: CoreorAnswer }) {
  const { t } = useTranslation();
  return (
    <div data-testid="coreor-report">
      <Alert severity={severity[answer.status]} sx={{ mb: 2 }} data-testid="coreor-counts">
        {t(`releases.coreor.status.${answer.status}`)} —{' '}
        {t('releases.coreor.counts', { accepted: answer.accepted, rejected: answer.rejected })}
        {answer.duplicates > 0
          ? ` ${t('releases.coreor.duplicates', { duplicates: answer.duplicates })}`
          : null}
      </Alert>
      {answer.errors.length > 0 ? (
        <Box component="ul" sx={{ pl: 2 }} data-testid="coreor-interchange-errors">
          <ErrorRows errors={answer.errors} />
        </Box>
      ) : null}
      {answer.messages.map((message, m) => (
        <Box key={m} sx={{ mb: 2 }} data-testid="coreor-message">
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="subtitle2">
              {t('releases.coreor.message', {
                reference: message.messageReference,
                document: message.documentNumber || '—',
              })}
            </Typography>
            {message.function ? (
              <Chip size="small" label={t(`releases.coreor.function.${message.function}`)} />
            ) : null}
            <Chip
              size="small"
              color={severity[message.status]}
              label={t(`releases.coreor.status.${message.status}`)}
            />
          </Box>
          {message.errors.length > 0 ? (
            <Box component="ul" sx={{ pl: 2 }}>
              <ErrorRows errors={message.errors} />
            </Box>
          ) : null}
          {message.releases.length > 0 ? (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('releases.columns.containerNumber')}</TableCell>
                  <TableCell>{t('releases.columns.blNumber')}</TableCell>
                  <TableCell>{t('releases.coreor.result')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {message.releases.map((release, r) => (
                  <TableRow key={r} data-testid="coreor-release">
                    <TableCell>{release.containerNumber || '—'}</TableCell>
                    <TableCell>{release.blNumber || '—'}</TableCell>
                    <TableCell>
                      {release.status === 'accepted' ? (
                        t(`releases.coreor.done.${release.action}`)
                      ) : release.status === 'duplicate' ? (
                        t('releases.coreor.notAgain')
                      ) : (
                        <Box component="ul" sx={{ pl: 2, m: 0 }}>
                          {release.errors.length > 0 ? (
                            <ErrorRows errors={release.errors} />
                          ) : (
                            <li>{t('releases.coreor.notTaken')}</li>
                          )}
                        </Box>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </Box>
      ))}
    </div>
  );
}
