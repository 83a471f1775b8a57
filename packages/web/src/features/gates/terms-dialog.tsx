import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { acceptTerms } from '../../api/users.ts';
import { ConsentDialog } from '../../ui/consent-dialog.tsx';
import { useLogout } from '../session/use-logout.ts';
import { useAcceptGate } from './use-accept-gate.ts';

/** The four duties of the terms of access (access spec §1), in the order the spec names them. */
const duties = ['customs', 'availability', 'returnEmpty', 'charges'] as const;

/**
 * The terms dialog (access spec §2, §4 "Terms") for users invited by the carrier: OK stays
 * disabled until the agree box is ticked, and saves termsAcceptedAt.
 */
export function TermsDialog() {
  const { t } = useTranslation();
  const logout = useLogout();
  const accept = useAcceptGate((userId) => acceptTerms(userId));
  return (
    <ConsentDialog
      testId="terms"
      title={t('gates.terms.title')}
      text={t('gates.terms.intro')}
      checkboxLabel={t('gates.terms.agree')}
      checkboxTestId="terms-agree-checkbox"
      leaveLabel={t('profile.logout')}
      leaveTestId="terms-logout"
      onLeave={() => void logout()}
      submitLabel={t('gates.terms.ok')}
      submitTestId="terms-ok"
      onAccept={accept}
    >
      <ul data-testid="terms-duties">
        {duties.map((duty) => (
          <li key={duty}>
            <DialogContentText component="span">{t(`gates.terms.${duty}`)}</DialogContentText>
          </li>
        ))}
      </ul>
    </ConsentDialog>
  );
}
