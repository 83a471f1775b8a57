import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../api/app-info.ts';

/**
 * Access spec §2: outside production, a small badge says which version runs where. Drawn as
 * MUI's small outlined Chip is (its height, border, radius, padding and type), without the
 * Chip's own code: the badge shows on a test installation's login page, whose first download
 * has a budget (bench/README.md, "The web app in Chromium").
 */
export function VersionBadge() {
  const { t } = useTranslation();
  const { data: info } = useAppInfo();
  // A server that leaves the version out (any production start, issue 9 §5) gets no badge.
  if (!info || info.environment === 'production' || !info.version) return null;
  const values = { version: info.version, environment: info.environment };
  return (
    <Box
      data-testid="version-badge"
      title={t('shell.versionBadgeHint', values)}
      sx={(theme) => ({
        display: { xs: 'none', md: 'inline-flex' },
        alignItems: 'center',
        justifyContent: 'center',
        boxSizing: 'border-box',
        maxWidth: '100%',
        height: 24,
        borderRadius: '12px',
        border: '1px solid rgba(255, 255, 255, 0.5)',
        color: 'inherit',
        fontFamily: 'monospace',
        fontSize: theme.typography.pxToRem(13),
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
      })}
    >
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: '7px' }}
      >
        {t('shell.versionBadge', values)}
      </Box>
    </Box>
  );
}
