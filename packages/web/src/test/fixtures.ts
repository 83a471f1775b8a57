import { featureFlags, type Features } from '@scr/domain';
import type { AppInfo } from '../api/app-info.ts';
import type { SessionUser } from '../features/session/session-user.ts';

const since2020 = { startDate: '2020-01-01', endDate: null } as const;

/** Every feature on or off. */
export const allFeatures = (enabled: boolean): Features =>
  Object.fromEntries(featureFlags.map((flag) => [flag, enabled])) as Features;

/** A forwarder ("other") with an ID wallet plan and SCR Premium, both active. */
export const forwarderUser: SessionUser = {
  id: 101,
  email: 'ann.peeters@northsea-forwarding.example',
  firstName: 'Ann',
  lastName: 'Peeters',
  isAdmin: false,
  isSupport: false,
  twoFactorAuth: null,
  organizationId: 4711,
  organizationAddress: '0xf0a1',
  organizationRole: 'other',
  organization: {
    id: 4711,
    name: 'North Sea Forwarding',
    address: '0xf0a1',
    role: 'other',
    walletUrl: null,
    sealingPublicKey: null,
    invitedByMsc: false,
    isConnectedtoCpoint: false,
  },
  subscriptions: [
    { subscriptionId: 1, ...since2020 },
    { subscriptionId: 4, ...since2020 },
  ],
  features: allFeatures(true),
  eulaToSign: null,
  termsAcceptedAt: null,
  invitedByMsc: false,
  isConnectedtoCpoint: false,
  preferredLanguage: null,
};

/** A carrier with the same plans: carriers never see an account type. */
export const carrierUser: SessionUser = {
  ...forwarderUser,
  id: 102,
  email: 'ops@oceanline.example',
  firstName: 'Marco',
  lastName: 'Rossi',
  organizationId: 12,
  organizationAddress: '0xc0a2',
  organizationRole: 'carrier',
  organization: {
    ...forwarderUser.organization,
    id: 12,
    name: 'Oceanline Shipping',
    address: '0xc0a2',
    role: 'carrier',
  },
};

/** A terminal operator: sees only the secure pick-up containers. */
export const terminalUser: SessionUser = {
  ...forwarderUser,
  id: 103,
  email: 'gate@terminal.example',
  firstName: 'Hanne',
  lastName: 'Willems',
  organizationId: 77,
  organizationAddress: '0x7e01',
  organizationRole: 'terminal',
  organization: {
    ...forwarderUser.organization,
    id: 77,
    name: 'Quay Terminal',
    address: '0x7e01',
    role: 'terminal',
  },
  subscriptions: [
    { subscriptionId: 1, ...since2020 },
    { subscriptionId: 3, ...since2020 },
  ],
};

/** A user built from the forwarder with some fields changed. */
export function userWith(changes: Partial<SessionUser>): SessionUser {
  return { ...forwarderUser, ...changes };
}

/** An unsigned JWT whose payload expires at `expiresAtMs`: enough for the browser's timing. */
export function fakeJwt(expiresAtMs: number, subject = 'user'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: subject, exp: Math.floor(expiresAtMs / 1000) })}.sig`;
}

export const productionInfo: AppInfo = {
  name: 'Secure Container Release',
  version: '1.8.4',
  environment: 'production',
  chatScriptUrl: null,
  analyticsScriptUrl: null,
};

export const stagingInfo: AppInfo = {
  ...productionInfo,
  environment: 'staging',
  chatScriptUrl: 'https://chat.example/widget.js',
  analyticsScriptUrl: 'https://analytics.example/a.js',
};
