import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/session/session-context.tsx';

/**
 * Access spec §2: the header shows who is signed in, for which organisation and its id, so a
 * support call starts with the right facts.
 */
export function SupportBox() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const who = `${user.firstName} ${user.lastName} · ${user.organization.name}`;
  // Two lines at most, each cut with an ellipsis (the whole name on hover): a long name or
  // organisation wrapped onto a third line made the fixed top bar taller than the spacer below
  // it, and it covered the top of every page (seen at 1366 pixels in Dutch).
  return (
    <Box
      data-testid="support-box"
      aria-label={t('support.label')}
      role="group"
      title={who}
      sx={{
        textAlign: 'right',
        lineHeight: 1.2,
        display: { xs: 'none', md: 'block' },
        minWidth: 0,
        maxWidth: { md: 220, xl: 320 },
        flexShrink: 1,
      }}
    >
      <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
        {who}
      </Typography>
      <Typography variant="caption" noWrap component="div" sx={{ opacity: 0.8 }}>
        {t('support.organizationId', { id: user.organizationId })}
      </Typography>
    </Box>
  );
}
