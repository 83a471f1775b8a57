// Test fixtures of the action rules (action-rules.test.ts, action-reasons.test.ts): a premium
// forwarder and carrier, and a selected release that every action would take.
import { featuresFor } from '../feature-rules.ts';
import type { ActionContext, SelectedRelease } from './action-rules.ts';

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
