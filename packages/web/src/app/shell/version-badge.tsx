import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../api/app-info.ts';

/** Access spec §2: outside production, a small badge says which version runs where. */
export function VersionBadge() {
  const { t } = useTranslation();
  const { data: info } = useAppInfo();
  // A server that leaves the version out (any production start, issue 9 §5) gets no badge.
  if (!info || info.environment === 'production' || !info.version) return null;
  const values = { version: info.version, environment: info.environment };
  return (
    <Chip
      data-testid="version-badge"
      label={t('shell.versionBadge', values)}
      title={t('shell.versionBadgeHint', values)}
      size="small"
      variant="outlined"
      sx={{
        display: { xs: 'none', md: 'inline-flex' },
        color: 'inherit',
        borderColor: 'rgba(255, 255, 255, 0.5)',
        fontFamily: 'monospace',
      }}
    />
  );
}
