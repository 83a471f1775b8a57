import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { acceptEula } from '../../api/users.ts';
import { ConsentDialog } from '../../ui/consent-dialog.tsx';
import { useLogout } from '../session/use-logout.ts';
import { useAcceptGate } from './use-accept-gate.ts';

/**
 * The EULA dialog (access spec §2, §4 step 5): a link to read it, a required accept box, submit
 * enabled only once ticked. Accepting records the EULA and re-authenticates for the updated
 * user; cancelling logs out.
 */
export function EulaDialog({ eula }: { eula: { id: number; url: string } }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const accept = useAcceptGate((userId) => acceptEula(userId, eula.id));
  return (
    <ConsentDialog
      testId="eula"
      title={t('gates.eula.title')}
      text={t('gates.eula.text')}
      checkboxLabel={t('gates.eula.accept')}
      checkboxTestId="eula-accept-checkbox"
      required
      leaveLabel={t('gates.eula.cancel')}
      leaveTestId="eula-cancel"
      onLeave={() => void logout()}
      submitLabel={t('gates.eula.submit')}
      submitTestId="eula-submit"
      onAccept={accept}
    >
      <Link
        href={eula.url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="eula-link"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
      >
        {t('gates.eula.read')}
        <OpenInNewIcon fontSize="small" aria-hidden />
      </Link>
    </ConsentDialog>
  );
}
