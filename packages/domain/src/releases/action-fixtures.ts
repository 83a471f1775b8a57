// Test fixtures of the action and custody rules (action-rules, action-reasons, custody-refusal
// and pcs tests): a premium forwarder and carrier, a selected release that every action would
// take, and a release the caller holds.
import { featuresFor } from '../feature-rules.ts';
import type { ActionContext, SelectedRelease } from './action-rules.ts';
import type { CustodyReleaseFacts } from './custody-refusal.ts';

export const premium = featuresFor([
  { subscriptionId: 1, startDate: '2020-01-01', endDate: null },
  { subscriptionId: 4, startDate: '2020-01-01', endDate: null },
]);

export const forwarder: ActionContext = {
  role: 'other',
  features: premium,
  hasActiveTransporter: true,
  connectedToPcs: true,
  view: 'container',
};

export const carrier: ActionContext = { ...forwarder, role: 'carrier' };

export const release = (fields: Partial<SelectedRelease> = {}): SelectedRelease => ({
  transferStatus: 'owned',
  releaseStatus: 'released',
  sentToPcs: false,
  ediPcs: null,
  ...fields,
});

/** The caller's organisation in the custody-refusal tests. */
export const me = 7;

/** A release the caller (`me`) holds and may act on (custody-refusal.test.ts, pcs.test.ts). */
export const held: CustodyReleaseFacts = {
  releaseStatus: 'released',
  ownerOrganizationId: me,
  carrierOrganizationId: 1,
  sentToPcs: false,
  pinsAllowed: true,
  securePickupEnabled: false,
  carrierSecurePickupEnabled: false,
  pincodeFetched: false,
  party: { transferStatus: 'owned' },
  targetInChain: false,
  encryptedPincode: 'sealed',
};
