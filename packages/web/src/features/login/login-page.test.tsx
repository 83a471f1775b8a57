import type { FoundUser } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../ui/page-navigation.ts';
import { languageStorageKey } from '../../i18n/language-preference.ts';
import { failure, json, offline, stubFetch, type Handler } from '../../test/fake-backend.ts';
import { carrierUser, fakeJwt, forwarderUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStorageKey, walletStorageKey } from '../session/session-storage.ts';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

type FoundUserChanges = Omit<Partial<FoundUser>, 'organization'> & {
  organization?: Partial<FoundUser['organization']>;
};

function found(changes: FoundUserChanges = {}): FoundUser {
  return {
    id: 7,
    email: 'ops@oceanline.example',
    ...changes,
    organization: {
      name: 'Oceanline Shipping',
      address: '0xc0a2',
      role: 'carrier',
      walletUrl: null,
      ...changes.organization,
    },
  };
}

/** A backend where every step of DESIGN §3 succeeds, with `changes` replacing some steps. */
function backend(changes: Record<string, Handler> = {}, users: FoundUser[] = [found()]) {
  return stubFetch({
    'GET /api/find-user': () => json({ total: users.length, isLimitedToOrgId: false, data: users }),
    'POST /wallet/unlock': () =>
      json({
        token: 'wallet-token',
        address: '0xc0a2',
        userAddress: '0x05e1',
        sealingPublicKey: 'pk',
        expiresAt: inAnHour(),
      }),
    'POST /api/authentication-challenges': () =>
      json({ message: 'portal.example wants you to sign in', nonce: 'n1', expiresAt: inAnHour() }),
    'POST /wallet/sign': () => json({ signature: '0x5167' }),
    'POST /api/authentication': () =>
      json({ accessToken: fakeJwt(Date.now() + 900_000), user: carrierUser }),
    'POST /wallet/lock': () => json({}),
    ...changes,
  });
}

const errorLine = () => screen.findByTestId('login-error');
const step = () => screen.getByTestId('login-form').getAttribute('data-step');

async function enterEmail(
  events: ReturnType<typeof renderApp>['events'],
  email = 'ops@oceanline.example',
) {
  await events.type(await screen.findByTestId('login-email'), `${email}{Enter}`);
}

async function enterPassword(events: ReturnType<typeof renderApp>['events'], password = 'secret') {
  await events.type(await screen.findByTestId('login-password'), `${password}{Enter}`);
}

afterEach(() => vi.restoreAllMocks());

describe('login flow (access spec §2 "Login screen", §4 "Login flow", DESIGN §3)', () => {
  it('signs a carrier in through e-mail and password and lands on the releases', async () => {
    const api = backend();
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events, '  Ops@OceanLine.example ');
    await enterPassword(app.events);

    expect(await screen.findByTestId('releases-page')).toBeVisible();
    expect(app.location()).toBe('/releases');
    // §5: lowercased and trimmed before the lookup.
    expect(api.called('GET /api/find-user')[0]?.url.searchParams.get('email')).toBe(
      'ops@oceanline.example',
    );
    expect(api.called('POST /wallet/unlock')[0]?.body).toEqual({ userId: '7', password: 'secret' });
    // The challenge is for the person's own sign-in key, signed by it (DESIGN §3, issue 9 §1).
    expect(api.called('POST /api/authentication-challenges')[0]?.body).toEqual({
      address: '0x05e1',
    });
    expect(api.called('POST /wallet/sign')[0]?.authorization).toBe('Bearer wallet-token');
    expect(api.called('POST /wallet/sign')[0]?.body).toEqual({
      message: 'portal.example wants you to sign in',
      as: 'user',
    });
    expect(api.called('POST /api/authentication')[0]?.body).toEqual({
      strategy: 'wallet',
      userId: 7,
      message: 'portal.example wants you to sign in',
      signature: '0x5167',
    });
    expect(JSON.parse(localStorage.getItem(sessionStorageKey) ?? '{}')).toMatchObject({
      user: { email: carrierUser.email },
    });
    expect(localStorage.getItem(walletStorageKey)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(walletStorageKey) ?? '{}')).toMatchObject({
      id: 7,
      email: 'ops@oceanline.example',
      type: 'company',
      url: `${location.origin}/wallet`,
      address: '0xc0a2',
      token: 'wallet-token',
    });
    expect(app.deps.connectRealtime).toHaveBeenCalledTimes(1);
  });

  it('continues to fwd after signing in', async () => {
    backend();
    const app = renderApp({ path: '/login?fwd=%2Freleases%3Fpage%3D2' });
    await enterEmail(app.events);
    await enterPassword(app.events);
    await waitFor(() => expect(app.location()).toBe('/releases?page=2'));
  });

  it('sets the autocomplete attributes password managers need, and focuses the e-mail', async () => {
    backend();
    const app = renderApp({ path: '/login' });
    const email = await screen.findByTestId('login-email');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('autocomplete', 'username');
    await enterEmail(app.events);
    const password = await screen.findByTestId('login-password');
    expect(password).toHaveFocus();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByTestId('forgot-password')).toBeVisible();
  });

  it('shows and hides the password', async () => {
    backend();
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    const password = await screen.findByTestId('login-password');
    expect(password).toHaveAttribute('type', 'password');
    await app.events.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await app.events.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('disables submit while a step is in progress', async () => {
    let answer: (response: Response) => void = () => undefined;
    backend({
      'GET /api/find-user': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    expect(screen.getByTestId('login-submit')).toBeDisabled();
    expect(screen.getByTestId('login-form')).toHaveAttribute('aria-busy', 'true');
    answer(json({ total: 1, isLimitedToOrgId: false, data: [found()] }));
    expect(await screen.findByTestId('login-password')).toBeVisible();
    expect(screen.getByTestId('login-submit')).toBeEnabled();
  });
});

describe('organisation step (access spec §2, §4, §5)', () => {
  const several = [
    found({ id: 1, organization: { name: 'zeebrugge Haulage', address: '0xa1', role: 'other' } }),
    found({ id: 2, organization: { name: 'Antwerp Lines', address: '0xa2', role: 'other' } }),
    found({
      id: 3,
      organization: { name: 'Mechelen Freight', address: '0xa3', role: 'other', isDisabled: true },
    }),
  ];

  it('asks for the organisation when several match, sorted by name case-insensitively', async () => {
    backend({}, several);
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    expect(step()).toBe('organisation');
    await app.events.click(within(screen.getByTestId('login-organisation')).getByRole('combobox'));
    const options = await screen.findAllByTestId('login-organisation-option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Antwerp Lines',
      'Mechelen Freight',
      'zeebrugge Haulage',
    ]);
    expect(options[1]).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks to select an organisation before going on', async () => {
    backend({}, several);
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await app.events.click(screen.getByTestId('login-submit'));
    expect(await errorLine()).toHaveTextContent('Please select your organisation.');
    expect(step()).toBe('organisation');
  });

  it('signs in as the user of the chosen organisation, Enter going on from the selector', async () => {
    const api = backend({}, several);
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await app.events.click(within(screen.getByTestId('login-organisation')).getByRole('combobox'));
    await app.events.click(await screen.findByRole('option', { name: 'zeebrugge Haulage' }));
    await app.events.keyboard('{Enter}');
    expect(step()).toBe('password');
    expect(screen.getByTestId('login-organisation-chosen')).toHaveValue('zeebrugge Haulage');
    await enterPassword(app.events);
    await screen.findByTestId('releases-page');
    expect(api.called('POST /wallet/unlock')[0]?.body).toMatchObject({ userId: '1' });
  });

  it('preselects a single carrier result even when the lookup is limited to an organisation', async () => {
    stubFetch({
      'GET /api/find-user': () => json({ total: 1, isLimitedToOrgId: true, data: [found()] }),
    });
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    expect(step()).toBe('password');
  });

  it('does not preselect a limited single result of a non-carrier', async () => {
    const forwarder = found({ organization: { name: 'Kempen', address: '0xf1', role: 'other' } });
    stubFetch({
      'GET /api/find-user': () => json({ total: 1, isLimitedToOrgId: true, data: [forwarder] }),
    });
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    expect(step()).toBe('organisation');
    expect(screen.getByTestId('login-organisation').querySelector('input')).toHaveValue('');
  });
});

describe('login errors (access spec §8), each asking for the e-mail again', () => {
  it('says the e-mail was not found (a typo, or no password in the company wallet)', async () => {
    stubFetch({
      'GET /api/find-user': () => json({ total: 0, isLimitedToOrgId: false, data: [] }),
    });
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    expect(await errorLine()).toHaveTextContent(
      'We could not find this e-mail address. Check it for a typo.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('no password has been set for you');
    expect(step()).toBe('email');
    expect(screen.getByTestId('login-email')).toHaveValue('ops@oceanline.example');
  });

  it('asks for a valid e-mail before looking it up', async () => {
    const api = backend();
    const app = renderApp({ path: '/login' });
    await app.events.click(await screen.findByTestId('login-submit'));
    expect(await errorLine()).toHaveTextContent('Please provide an e-mail address');
    await enterEmail(app.events, 'not-an-address');
    expect(await errorLine()).toHaveTextContent('Email is not valid');
    expect(api.requests).toEqual([]);
  });

  it('words invalid credentials for the cloud wallet', async () => {
    backend({
      'POST /wallet/unlock': () => failure(401, 'invalid_credentials', 'invalid password'),
    });
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await enterPassword(app.events);
    expect(await errorLine()).toHaveTextContent(
      "Invalid credentials. Click the 'Forgot password' button if you forgot your password",
    );
    expect(step()).toBe('email');
    expect(screen.getByTestId('login-email')).toHaveValue('ops@oceanline.example');
    expect(screen.queryByTestId('login-password')).toBeNull();
    expect(screen.getByTestId('login-email')).toHaveFocus();
  });

  it('words invalid credentials for an on-premise wallet, which it calls directly', async () => {
    const onPremise = found({ organization: { walletUrl: 'https://wallet.oceanline.example/' } });
    const api = backend(
      {
        'POST https://wallet.oceanline.example/unlock': () =>
          failure(401, 'invalid_credentials', 'invalid password'),
      },
      [onPremise],
    );
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await enterPassword(app.events);
    expect(await errorLine()).toHaveTextContent(
      'Invalid credentials. If you forgot your password, please ask your SCR administrator',
    );
    expect(api.called('POST /wallet/unlock')).toEqual([]);
  });

  it('says the API cannot be reached on a gateway timeout', async () => {
    stubFetch({ 'GET /api/find-user': () => new Response('<html>504</html>', { status: 504 }) });
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    expect(await errorLine()).toHaveTextContent(
      'Could not reach the API. Please contact your admin user.',
    );
  });

  it('says the wallet cannot be reached when it does not answer, and opens its help', async () => {
    const onPremise = found({ organization: { walletUrl: 'https://wallet.oceanline.example' } });
    backend({ 'POST https://wallet.oceanline.example/unlock': offline }, [onPremise]);
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await enterPassword(app.events);
    expect(await errorLine()).toHaveTextContent(
      'Login failed. We cannot reach the ID wallet of your organization.',
    );
    expect(await screen.findByTestId('help-frame')).toHaveAttribute(
      'src',
      '/help/en/index.html#wallet',
    );
    expect(screen.getByTestId('help-toggle')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says "Could not authenticate." when authentication yields no token, clears storage and locks the wallet', async () => {
    const api = backend({ 'POST /api/authentication': () => json({ user: carrierUser }) });
    localStorage.setItem(languageStorageKey, 'en');
    localStorage.setItem('scr.other', 'x');
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await enterPassword(app.events);
    expect(await errorLine()).toHaveTextContent('Could not authenticate.');
    expect(localStorage.getItem('scr.other')).toBeNull();
    expect(localStorage.getItem(languageStorageKey)).toBe('en');
    await waitFor(() => expect(api.called('POST /wallet/lock')).toHaveLength(1));
    expect(app.location()).toBe('/login');
  });

  it('says "Could not authenticate." when the server refuses the signature', async () => {
    backend({ 'POST /api/authentication': () => failure(401, 'not_authenticated') });
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await enterPassword(app.events);
    expect(await errorLine()).toHaveTextContent('Could not authenticate.');
    expect(screen.queryByTestId('session-expired-dialog')).toBeNull();
  });

  it('says there were too many attempts on 429', async () => {
    backend({ 'POST /wallet/unlock': () => failure(429, 'too_many_requests') });
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await enterPassword(app.events);
    expect(await errorLine()).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('asks for the password before unlocking anything', async () => {
    const api = backend();
    const app = renderApp({ path: '/login' });
    await enterEmail(app.events);
    await app.events.click(screen.getByTestId('login-submit'));
    expect(await errorLine()).toHaveTextContent('Please provide a password');
    expect(step()).toBe('password');
    expect(api.called('POST /wallet/unlock')).toEqual([]);
  });
});

describe('"Use another email address" (access spec §2)', () => {
  it('clears local and session storage, keeping the language, and reloads', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => undefined);
    backend();
    localStorage.setItem(languageStorageKey, 'nl');
    sessionStorage.setItem(walletStorageKey, '{"token":"old"}');
    sessionStorage.setItem('scr.draft', 'x');
    const app = renderApp({ path: '/login', language: 'en' });
    await enterEmail(app.events);
    await app.events.click(screen.getByTestId('login-another-email'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(walletStorageKey)).toBeNull();
    expect(sessionStorage.getItem('scr.draft')).toBeNull();
    expect(localStorage.getItem(languageStorageKey)).toBe('nl');
  });

  it('is not offered on the untouched first step', async () => {
    renderApp({ path: '/login' });
    await screen.findByTestId('login-email');
    expect(screen.queryByTestId('login-another-email')).toBeNull();
  });
});

describe('the login page for someone already signed in', () => {
  it('sends them on to fwd', async () => {
    const app = renderApp({ path: '/login?fwd=%2Freleases', user: forwarderUser });
    await screen.findByTestId('releases-page');
    expect(app.location()).toBe('/releases');
  });
});
