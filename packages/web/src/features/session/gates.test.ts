import { describe, expect, it } from 'vitest';
import { forwarderUser, terminalUser, userWith } from '../../test/fixtures.ts';
import { gateFor } from './gates.ts';

const today = '2026-03-02';
const at = (path: string) => {
  const [pathname = '/', search = ''] = path.split(/(?=\?)/);
  return { pathname, search };
};
const expiredScr = [
  { subscriptionId: 1, startDate: '2020-01-01', endDate: null },
  { subscriptionId: 4, startDate: '2020-01-01', endDate: '2026-03-01' },
];
const noWallet = [{ subscriptionId: 4, startDate: '2020-01-01', endDate: null }];
const everything = userWith({
  eulaToSign: { id: 3, url: 'https://portal.example/eula-v3.pdf' },
  invitedByMsc: true,
  termsAcceptedAt: null,
  subscriptions: expiredScr,
});

describe('gateFor (access spec §4): two-factor → EULA → terms → subscription → terminal rule', () => {
  it('asks for the e-mailed code first, whatever else is pending', () => {
    expect(gateFor({ user: everything, twoFactorPending: true }, at('/releases'), today)).toEqual({
      kind: 'twoFactor',
    });
  });

  it('lets the two-factor page itself through while the code is pending', () => {
    const pending = { user: everything, twoFactorPending: true };
    expect(gateFor(pending, at('/two-factor?fwd=%2F'), today)).toBeNull();
  });

  it('then the EULA, then the terms, then the subscription', () => {
    const session = (user = everything) => ({ user, twoFactorPending: false });
    expect(gateFor(session(), at('/releases'), today)).toEqual({
      kind: 'eula',
      eula: { id: 3, url: 'https://portal.example/eula-v3.pdf' },
    });
    const eulaDone = { ...everything, eulaToSign: null };
    expect(gateFor(session(eulaDone), at('/releases'), today)).toEqual({ kind: 'terms' });
    const termsDone = { ...eulaDone, termsAcceptedAt: '2026-03-02T08:00:00.000Z' };
    expect(gateFor(session(termsDone), at('/releases'), today)).toEqual({
      kind: 'subscription',
      notice: 'scrSubscriptionExpired',
    });
    expect(gateFor(session({ ...termsDone, subscriptions: noWallet }), at('/'), today)).toEqual({
      kind: 'subscription',
      notice: 'noWalletSubscription',
    });
  });

  it('asks the terms only of users invited by the carrier', () => {
    const notInvited = userWith({ invitedByMsc: false, termsAcceptedAt: null });
    expect(
      gateFor({ user: notInvited, twoFactorPending: false }, at('/releases'), today),
    ).toBeNull();
  });

  it('skips the subscription check on /order and on two-factor paths', () => {
    const expired = userWith({ subscriptions: expiredScr });
    const session = { user: expired, twoFactorPending: false };
    expect(gateFor(session, at('/order'), today)).toBeNull();
    expect(gateFor(session, at('/two-factor'), today)).toBeNull();
    expect(gateFor(session, at('/releases?next=/two-factor'), today)).toBeNull();
  });

  it('sends terminal users to the secure pick-up containers, and everyone else away from them', () => {
    const terminal = { user: terminalUser, twoFactorPending: false };
    expect(gateFor(terminal, at('/releases'), today)).toEqual({
      kind: 'redirect',
      to: '/secure-pickup-containers',
    });
    expect(gateFor(terminal, at('/'), today)).toEqual({
      kind: 'redirect',
      to: '/secure-pickup-containers',
    });
    expect(gateFor(terminal, at('/secure-pickup-containers'), today)).toBeNull();
    const other = { user: forwarderUser, twoFactorPending: false };
    expect(gateFor(other, at('/secure-pickup-containers'), today)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(gateFor(other, at('/releases'), today)).toBeNull();
  });
});
