import type { StatementAction } from '../ledger/statements.ts';
import { editableFields } from './release.ts';

/** Who acted, beside what they did (the server's `actorDetails`): a person or an API key. */
const actor = ['userId', 'apiKeyId'] as const;

/** A create's bill of lading and container, as the carrier sent them (releases spec §3). */
const billOfLading = [
  'blNumber',
  'portOfLoading',
  'portOfDestination',
  'vessel',
  'agent',
  'stayNumber',
  'lloydsNumber',
  'voyageNumber',
] as const;
const container = [
  'containerNumber',
  'blNumber',
  'isoTypeCode',
  'pickupLocation',
  'pickupPort',
  'isSecurePickup',
  'turnInLocation',
  'turnInReference',
  'turnInLocationBarge',
  'turnInReferenceBarge',
  'turnInLocationRail',
  'turnInReferenceRail',
  'validFrom',
  'validUntil',
  'ediName',
  'ediLocode',
  'ediPcs',
] as const;

const under = (parent: string, keys: readonly string[]) => keys.map((key) => `${parent}.${key}`);

/**
 * Releases spec §3 "Audit trail entry": every member a release event's description can hold, by
 * the operation that writes it, nested members as dotted paths and a list as its own path. The
 * audit trail names each in the user's language (a web test checks all five); the server's API
 * test checks that the events it writes hold nothing else. A member that names a pincode is
 * never shown, so none is listed.
 */
export const auditDescriptionPaths = {
  create: [
    ...under('billOfLading', billOfLading),
    ...under('container', container),
    'creator',
    ...actor,
  ],
  edit: [...under('changes', editableFields), ...actor],
  delete: [...actor],
  transfer: ['to'],
  revoke: ['revokedFrom'],
  block: [],
  unblock: [],
  pincode: [],
  assign: [
    'assignee.type',
    'assignee.name',
    'assignee.identificationType',
    'assignee.identificationCommitment',
    'assignee.identificationMasked',
    'visitNumber',
  ],
  unassign: ['unassigned.type', 'unassigned.name'],
  transferToPcs: [],
  revokeFromPcs: [],
  pcsAnswer: ['action', 'pcsResult', 'reason', 'message', 'reference'],
  portStatus: ['light', 'value', 'color', 'updatedAt', 'total.color', 'source'],
  terminalCheck: [
    'terminal',
    'containerNumber',
    'identificationType',
    'checkedValue',
    'assignedValue',
    'result',
  ],
  gateOut: ['terminal', 'containerNumber', 'gateOutAt'],
  expire: ['expiresOn'],
  archive: ['archivedOn'],
  nextModeOfTransport: ['modeOfTransport'],
} as const satisfies Record<StatementAction, readonly string[]>;

/**
 * The paths of a description's members (`{a: {b: 1}, c: [2]}` → `a.b`, `c`), as
 * `auditDescriptionPaths` lists them; nothing for a description that is not an object.
 */
export function descriptionPaths(description: unknown, prefix = ''): string[] {
  if (typeof description !== 'object' || description === null || Array.isArray(description)) {
    return prefix ? [prefix] : [];
  }
  return Object.entries(description).flatMap(([key, member]) =>
    descriptionPaths(member, prefix ? `${prefix}.${key}` : key),
  );
}
