import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** / and /releases: the release overview (releases spec) fills this page. */
export function ReleasesPage() {
  const { t } = useTranslation();
  return (
    <Typography component="h1" variant="h5" data-testid="releases-page">
      {t('releases.title')}
    </Typography>
  );
}
