import { userForOrganisation } from '@scr/domain';
import { loginLinkToken } from '@scr/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHelp } from '../../ui/help/help-context.tsx';
import { pageNavigation } from '../../ui/page-navigation.ts';
import { useSession } from '../session/session-context.tsx';
import { clearBrowserStorage } from '../session/session-storage.ts';
import { LoginFailure } from './login-failure.ts';
import {
  lookUpEmail,
  lookUpLoginLink,
  signInWithWallet,
  type EmailLookup,
} from './wallet-login.ts';

/** The three steps as the user sees them (access spec §2 "Login screen"). */
export type LoginStep = 'email' | 'organisation' | 'password';

export interface WalletLogin {
  step: LoginStep;
  email: string;
  organisation: string;
  password: string;
  lookup: EmailLookup | null;
  busy: boolean;
  failure: LoginFailure | null;
  setEmail: (email: string) => void;
  setOrganisation: (address: string) => void;
  setPassword: (password: string) => void;
  /** Submits the current step. */
  submit: () => Promise<void>;
  /** "Use another email address": clears local and session storage and reloads. */
  restartWithAnotherEmail: () => void;
}

/**
 * The login flow (access spec §4 "Login flow"): e-mail → organisation (when the rules ask for
 * it) → password, then the wallet sign-in. On a failure the e-mail step is asked again with the
 * e-mail kept, and the error shows under the form. Signed in, the login page forwards the user.
 */
export function useWalletLogin(): WalletLogin {
  const { store } = useSession();
  const { openHelp } = useHelp();
  const [step, setStep] = useState<LoginStep>('email');
  const [email, setEmail] = useState('');
  const [organisation, setOrganisation] = useState('');
  const [password, setPassword] = useState('');
  const [lookup, setLookup] = useState<EmailLookup | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  // A second Enter while a step runs must not start it twice; state would be a render late.
  const running = useRef(false);

  const fail = useCallback(
    (error: unknown, backToEmail: boolean) => {
      const reason =
        error instanceof LoginFailure ? error : new LoginFailure('other', { cause: error });
      setFailure(reason);
      if (backToEmail) {
        setStep('email');
        setPassword('');
        setOrganisation('');
        setLookup(null);
      }
      if (reason.kind === 'walletUnreachable') openHelp('#wallet');
    },
    [openHelp],
  );

  useLoginLink({
    running,
    setBusy,
    fail,
    found: (found) => {
      setEmail(found.email);
      setLookup(found);
      setOrganisation(found.preselected ?? '');
      setStep('password');
    },
  });

  const submitEmail = async () => {
    const found = await lookUpEmail(email);
    setEmail(found.email);
    setLookup(found);
    setOrganisation(found.preselected ?? '');
    setStep(found.preselected ? 'password' : 'organisation');
  };

  const submitOrganisation = () => {
    if (!organisation) throw new LoginFailure('selectOrganisation');
    setStep('password');
  };

  const submitPassword = async () => {
    if (!password) throw new LoginFailure('passwordRequired');
    const user = lookup ? userForOrganisation(lookup.result, organisation) : null;
    if (!user) throw new LoginFailure('organisationNotDetermined');
    const { authentication, wallet } = await signInWithWallet(user, password);
    // The login page forwards the signed-in user itself (login-page.tsx). A second navigation
    // here arrived after the user's first click on the page it forwarded to, and the overview
    // took the parameter-less address for a new link and undid that click.
    store.signIn(authentication, wallet);
  };

  const submit = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      if (step === 'email') await submitEmail();
      else if (step === 'organisation') submitOrganisation();
      else await submitPassword();
    } catch (error) {
      const kind = error instanceof LoginFailure ? error.kind : 'other';
      // Missing input is corrected in place; anything else asks for the e-mail again (§4).
      const inPlace = ['emailRequired', 'emailInvalid', 'selectOrganisation', 'passwordRequired'];
      if (kind === 'authenticationFailed') clearBrowserStorage();
      fail(error, !inPlace.includes(kind));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const restartWithAnotherEmail = () => {
    clearBrowserStorage();
    pageNavigation.reload();
  };

  return {
    step,
    email,
    organisation,
    password,
    lookup,
    busy,
    failure,
    setEmail,
    setOrganisation,
    setPassword,
    submit,
    restartWithAnotherEmail,
  };
}

/**
 * Access spec §4 "Login flow" step 1: a login link's token in the URL hash (`/login#token=…`)
 * looks its user up once, then leaves the address (a reload must not spend it again); the
 * user and organisation are then chosen and the password step follows.
 */
function useLoginLink(options: {
  running: { current: boolean };
  setBusy: (busy: boolean) => void;
  fail: (error: unknown, backToEmail: boolean) => void;
  found: (lookup: EmailLookup) => void;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = loginLinkToken(location.hash);
  const handled = useRef<string | null>(null);
  const { running, setBusy, fail, found } = options;
  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    running.current = true;
    setBusy(true);
    void navigate(
      { pathname: location.pathname, search: location.search, hash: '' },
      { replace: true },
    );
    lookUpLoginLink(token)
      .then(found, (error: unknown) => fail(error, true))
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  }, [token, running, setBusy, fail, found, navigate, location.pathname, location.search]);
}
