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
  return (
    <Box
      data-testid="support-box"
      aria-label={t('support.label')}
      role="group"
      sx={{ textAlign: 'right', lineHeight: 1.2, display: { xs: 'none', md: 'block' } }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {user.firstName} {user.lastName} · {user.organization.name}
      </Typography>
      <Typography variant="caption" sx={{ opacity: 0.8 }}>
        {t('support.organizationId', { id: user.organizationId })}
      </Typography>
    </Box>
  );
}
