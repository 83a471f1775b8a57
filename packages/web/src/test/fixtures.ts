import type { AppInfo } from '../api/app-info.ts';
import type { SessionUser } from '../features/session/session-user.ts';

const since2020 = { startDate: '2020-01-01', endDate: null } as const;

/** A forwarder ("other") with an ID wallet plan and SCR Premium, both active. */
export const forwarderUser: SessionUser = {
  email: 'ann.peeters@northsea-forwarding.example',
  firstName: 'Ann',
  lastName: 'Peeters',
  organization: { name: 'North Sea Forwarding', address: '0xf0a1', role: 'other' },
  organizationId: 4711,
  subscriptions: [
    { subscriptionId: 1, ...since2020 },
    { subscriptionId: 4, ...since2020 },
  ],
  isAdmin: false,
};

/** A carrier with the same plans: carriers never see an account type. */
export const carrierUser: SessionUser = {
  ...forwarderUser,
  email: 'ops@oceanline.example',
  firstName: 'Marco',
  lastName: 'Rossi',
  organization: { name: 'Oceanline Shipping', address: '0xc0a2', role: 'carrier' },
  organizationId: 12,
};

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
