import type { SignedCheckpoint } from '../ledger/checkpoint-api.ts';
import type { StatementAction } from '../ledger/statements.ts';

/**
 * The release events an organisation's webhook endpoints may subscribe to (issue 14 item 5):
 * each change recorded in a release's ledger is one event of one of these types, delivered to
 * the organisations in that release's chain.
 */
export const releaseWebhookEventTypes = [
  'received',
  'revoked',
  'updated',
  'deleted',
  'blocked',
  'unblocked',
  'assigned',
  'unassigned',
  'gateOut',
  'greenLight',
] as const;
export type ReleaseWebhookEventType = (typeof releaseWebhookEventTypes)[number];

/**
 * Every type an endpoint may subscribe to: the release events, and `checkpoint`, each new signed
 * checkpoint of the whole ledger (docs/ledger.md), delivered to every endpoint that takes it, so
 * an organisation keeps the server's checkpoints without polling.
 */
export const webhookEventTypes = [...releaseWebhookEventTypes, 'checkpoint'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/**
 * Which event type each ledger operation is (null: none, it changes nothing a receiver acts
 * on). A record over every statement action, so a new action must be placed here to compile.
 */
export const webhookTypeOfOperation: Record<StatementAction, ReleaseWebhookEventType | null> = {
  // A release arrives at a party: the carrier at creation, the target of a transfer.
  create: 'received',
  transfer: 'received',
  revoke: 'revoked',
  edit: 'updated',
  delete: 'deleted',
  expire: 'updated',
  archive: 'updated',
  pincode: 'updated',
  transferToPcs: 'updated',
  revokeFromPcs: 'updated',
  pcsAnswer: 'updated',
  nextModeOfTransport: 'updated',
  block: 'blocked',
  unblock: 'unblocked',
  assign: 'assigned',
  unassign: 'unassigned',
  gateOut: 'gateOut',
  portStatus: 'greenLight',
  terminalCheck: null,
};

/** The event type of a ledger operation; null for one that is not delivered (or unknown). */
export function webhookEventTypeOf(operation: string): ReleaseWebhookEventType | null {
  if (!Object.hasOwn(webhookTypeOfOperation, operation)) return null;
  return (webhookTypeOfOperation as Record<string, ReleaseWebhookEventType | null>)[operation]!;
}

/** Whether a value is one of the event types. */
export function isWebhookEventType(value: unknown): value is WebhookEventType {
  return (webhookEventTypes as readonly unknown[]).includes(value);
}

/**
 * What a receiver gets as the JSON body: the event's id (the ledger event's hash, the same for
 * every redelivery, so a receiver can drop one it already has), its type and ledger operation,
 * when it happened, and the release as small as the live notice (details are read with the API).
 */
export interface WebhookEventBody {
  id: string;
  type: ReleaseWebhookEventType;
  operation: string;
  occurredAt: string;
  release: {
    address: string;
    blNumber: string;
    containerNumber: string;
    version: number;
    releaseStatus: string;
  };
  /** `greenLight` only: the lights as the port's status system left them. */
  details?: unknown;
}

/**
 * What a `checkpoint` receiver gets: the event's id (the checkpoint's root hash, the same for
 * every redelivery), when the server signed it, and the signed checkpoint, to keep
 * (`signedCheckpointProblem` checks it; docs/ledger.md says how to prove the next one extends it).
 */
export interface CheckpointWebhookEventBody {
  id: string;
  type: 'checkpoint';
  occurredAt: string;
  checkpoint: SignedCheckpoint;
}

/** At most this many endpoints per organisation (each one multiplies every delivery). */
export const maxWebhookEndpoints = 10;
