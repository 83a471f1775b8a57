import { todayInBrussels, type IsoDate } from '../dates.ts';
import { maskIdentification } from './identification.ts';
import {
  applyGreenLightEvent,
  statusAfterLights,
  type GreenLightKind,
  type GreenLights,
} from '../releases/green-lights.ts';
import { statusAfterValidityEdit, unblockedStatus } from '../releases/lifetime.ts';
import { pcsStateAfter, pcsStateWhileSending, type PcsResult } from '../releases/pcs.ts';
import type { ReleaseStatus, TransferStatus } from '../releases/release.ts';

/**
 * A release's state as its ledger says it (docs/ledger.md, "State is a projection of the
 * ledger"): replaying the events of one release's hash chain, in sequence, with
 * {@link replayRelease} gives every field the portal shows and acts on. `verify-ledger` compares
 * each of them with the stored rows, and the server checks the rows an action wrote against it
 * before the action commits.
 */
export interface ReleaseProjection {
  /** The version of the last event. */
  version: number;
  carrierOrganizationId: number | null;
  /** Who holds the release right now (owner_organization_id). */
  holderOrganizationId: number | null;
  releaseStatus: ReleaseStatus;
  validFrom: IsoDate | null;
  validUntil: IsoDate | null;
  /** The day the carrier released it (the day of creation, Brussels time). */
  releasedOn: IsoDate | null;
  gateOutAt: string | null;
  archived: boolean;
  /** The chain, in the order its rows were made: every party that holds or held it. */
  parties: ProjectedParty[];
  assignment: ProjectedAssignment | null;
  pcs: {
    status: 'sending' | 'sent' | 'revoking' | null;
    sentToPcs: boolean;
    reference: string | null;
  };
  nextModeOfTransport: string | null;
  greenLights: GreenLights | null;
  /** Hashes of the pincode copies per organisation address, as the last event that changed them recorded. */
  pincodeCopies: Record<string, string | null> | null;
}

/** One row of the chain. */
export interface ProjectedParty {
  organizationId: number;
  position: number;
  receivedFromOrganizationId: number | null;
  transferredToOrganizationId: number | null;
  transferStatus: TransferStatus;
  /** False once revoked out of the chain. */
  active: boolean;
}

/** Who the release is bound to for the pick-up, by which organisation. */
export interface ProjectedAssignment {
  organizationId: number;
  type: string;
  /**
   * What the ledger binds of the identification: its commitment (domain
   * `identificationCommitment`); for an assignment signed before commitments, the
   * identification itself.
   */
  identification: string;
  identificationType: string;
  /** The identification masked (•••305), as the ledger records it to be read. */
  identificationMasked: string | null;
  name: string;
  visitNumber: string | null;
}

/** What replay reads of one ledger event: its stored columns, the description as recorded. */
export interface ProjectableEvent {
  sequence: number;
  operation: string;
  releaseVersion: number;
  sourceOrganizationId: number | null;
  targetOrganizationId: number | null;
  description: unknown;
  /** ISO-8601 time of the event. */
  createdAt: string;
  pincodeCopies: Record<string, string | null> | null;
}

/** An event that cannot follow the state before it: the ledger says something impossible. */
export class LedgerReplayError extends Error {
  constructor(
    readonly sequence: number,
    message: string,
  ) {
    super(message);
  }
}

type Description = Record<string, unknown>;
const record = (value: unknown): Description =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Description) : {};
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The state of a release from its whole chain (at least its creation). */
export function replayRelease(events: Iterable<ProjectableEvent>): ReleaseProjection {
  let state: ReleaseProjection | null = null;
  for (const event of events) state = applyLedgerEvent(state, event);
  if (!state) throw new LedgerReplayError(1, 'the release has no ledger events');
  return state;
}

/**
 * The state after one more event (`state` null before the first). Each operation does what its
 * command did to the rows (releases spec §4 "Effects"; the server's own records): pure, so the
 * browser, the server and the standalone verifier all read a history the same way.
 */
export function applyLedgerEvent(
  state: ReleaseProjection | null,
  event: ProjectableEvent,
): ReleaseProjection {
  const fail = (message: string): never => {
    throw new LedgerReplayError(event.sequence, message);
  };
  if (!state) {
    if (event.operation !== 'create') fail(`the first event is ${event.operation}, not create`);
    return created(event);
  }
  if (event.operation === 'create') fail('the release is created twice');
  const next: ReleaseProjection = {
    ...state,
    version: event.releaseVersion,
    parties: state.parties.map((party) => ({ ...party })),
    pcs: { ...state.pcs },
    ...(event.pincodeCopies ? { pincodeCopies: event.pincodeCopies } : {}),
  };
  const description = record(event.description);
  const source = event.sourceOrganizationId;
  /** The acting organisation's row in the active chain. */
  const acting = () =>
    next.parties.find((party) => party.active && party.organizationId === source) ??
    fail(`${event.operation} by organisation ${source}, which is not in the active chain`);
  // The event's day (Brussels), for the two rules that depend on it.
  const day = () => todayInBrussels(new Date(event.createdAt));
  switch (event.operation) {
    case 'edit': {
      const changes = record(description.changes);
      if (text(changes.validFrom)) next.validFrom = text(changes.validFrom);
      const validUntil = text(changes.validUntil);
      if (validUntil) {
        next.validUntil = validUntil;
        next.releaseStatus = statusAfterValidityEdit(next.releaseStatus, validUntil, day());
      }
      break;
    }
    case 'delete':
      next.releaseStatus = 'deleted';
      break;
    case 'transfer': {
      const from = acting();
      const to = event.targetOrganizationId ?? fail('a transfer without a target');
      from.transferStatus = 'transferred';
      from.transferredToOrganizationId = to;
      next.parties.push({
        organizationId: to,
        position: from.position + 1,
        receivedFromOrganizationId: from.organizationId,
        transferredToOrganizationId: null,
        transferStatus: 'owned',
        active: true,
      });
      next.holderOrganizationId = to;
      break;
    }
    case 'revoke': {
      const revoker = acting();
      for (const party of next.parties) {
        if (party.active && party.position > revoker.position) party.active = false;
      }
      revoker.transferStatus = 'owned';
      revoker.transferredToOrganizationId = null;
      next.holderOrganizationId = revoker.organizationId;
      // A later party's assignment ends with its custody.
      if (next.assignment && next.assignment.organizationId !== revoker.organizationId) {
        next.assignment = null;
      }
      break;
    }
    case 'block':
      next.releaseStatus = 'blocked';
      break;
    case 'unblock':
      next.releaseStatus = unblockedStatus(
        { validUntil: next.validUntil, releasedOn: next.releasedOn ?? day() },
        day(),
        next.greenLights,
      );
      break;
    case 'pincode': {
      const party = acting();
      if (party.transferStatus === 'owned') party.transferStatus = 'pinRetrieved';
      break;
    }
    case 'assign': {
      const party = acting();
      const assignee = record(description.assignee);
      next.assignment = {
        organizationId: party.organizationId,
        type: text(assignee.type) ?? '',
        identification:
          text(assignee.identificationCommitment) ?? text(assignee.identification) ?? '',
        identificationType: text(assignee.identificationType) ?? '',
        identificationMasked:
          text(assignee.identificationMasked) ??
          (text(assignee.identification)
            ? maskIdentification(text(assignee.identification)!)
            : null),
        name: text(assignee.name) ?? '',
        visitNumber: text(description.visitNumber),
      };
      party.transferStatus = 'assigned';
      break;
    }
    case 'unassign':
      acting().transferStatus = 'owned';
      next.assignment = null;
      break;
    case 'transferToPcs':
    case 'revokeFromPcs': {
      const party = acting();
      const sending = pcsStateWhileSending(event.operation);
      party.transferStatus = sending.transferStatus;
      next.pcs.status = sending.pcsStatus;
      next.pcs.sentToPcs = sending.sentToPcs;
      break;
    }
    case 'pcsAnswer': {
      const action = description.action === 'revokeFromPcs' ? 'revokeFromPcs' : 'transferToPcs';
      const after = pcsStateAfter(
        action,
        (text(description.pcsResult) ?? 'failed') as PcsResult,
        text(description.reason),
      );
      next.pcs = {
        status: after.pcsStatus,
        sentToPcs: after.sentToPcs,
        reference: after.pcsStatus === 'sent' ? text(description.reference) : null,
      };
      const party = next.parties.find(
        (p) =>
          p.active &&
          p.organizationId === source &&
          (p.transferStatus === 'sendingToPcs' || p.transferStatus === 'sentToPcs'),
      );
      if (party) party.transferStatus = after.transferStatus;
      break;
    }
    case 'expire':
      next.releaseStatus = 'expired';
      break;
    case 'archive':
      next.archived = true;
      break;
    case 'gateOut':
      next.releaseStatus = 'gateout';
      next.gateOutAt = text(description.gateOutAt) ?? event.createdAt;
      break;
    case 'portStatus': {
      const kind = text(description.light) as GreenLightKind | null;
      const value = text(description.value);
      const at = text(description.updatedAt);
      if (!kind || !value || !at) fail('a port status event without its light');
      next.greenLights = applyGreenLightEvent(
        next.greenLights,
        {
          kind: kind!,
          value: value!,
          at: at!,
          stampedOnReceipt: description.stampedOnReceipt === true,
        },
        text(description.source) ?? '',
      ).lights;
      next.releaseStatus = statusAfterLights(
        next.releaseStatus,
        next.greenLights,
        unblockedStatus(
          { validUntil: next.validUntil, releasedOn: next.releasedOn ?? day() },
          day(),
        ),
      );
      break;
    }
    case 'nextModeOfTransport':
      next.nextModeOfTransport = text(description.modeOfTransport);
      break;
    case 'terminalCheck':
      // A gate check changes nothing.
      break;
    default:
      fail(`an unknown operation ${event.operation}`);
  }
  return next;
}

function created(event: ProjectableEvent): ReleaseProjection {
  const description = record(event.description);
  const container = record(description.container);
  const carrier = event.sourceOrganizationId;
  return {
    version: event.releaseVersion,
    carrierOrganizationId: carrier,
    holderOrganizationId: carrier,
    releaseStatus: 'released',
    validFrom: text(container.validFrom),
    validUntil: text(container.validUntil),
    releasedOn: todayInBrussels(new Date(event.createdAt)),
    gateOutAt: null,
    archived: false,
    parties:
      carrier === null
        ? []
        : [
            {
              organizationId: carrier,
              position: 0,
              receivedFromOrganizationId: null,
              transferredToOrganizationId: null,
              transferStatus: 'owned',
              active: true,
            },
          ],
    assignment: null,
    pcs: { status: null, sentToPcs: false, reference: null },
    nextModeOfTransport: null,
    greenLights: null,
    pincodeCopies: event.pincodeCopies ?? {},
  };
}

/** The rows of a release as stored, in the projection's terms (the server reads them so). */
export interface StoredReleaseState extends Omit<
  ReleaseProjection,
  'parties' | 'releasedOn' | 'pincodeCopies'
> {
  /** Each party row, with the release status it copies for its overview. */
  parties: (ProjectedParty & { releaseStatus: string })[];
  /** Hashes of the stored pincode copies per organisation address. */
  pincodeCopies: Record<string, string>;
}

/** One field where the stored rows and the replayed ledger disagree. */
export interface ProjectionDifference {
  field: string;
  stored: unknown;
  replayed: unknown;
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical((value as Description)[key])}`).join(',')}}`;
}
const lowerKeys = (copies: Record<string, string | null> | null) =>
  Object.fromEntries(
    Object.entries(copies ?? {})
      .filter(([, hash]) => hash !== null)
      .map(([address, hash]) => [address.toLowerCase(), hash]),
  );

/**
 * Every field in which the stored rows differ from the replayed ledger, named (`releaseStatus`,
 * `parties[2].transferStatus`, `assignment.identification`…); empty when they agree.
 */
export function projectionDifferences(
  stored: StoredReleaseState,
  replayed: ReleaseProjection,
): ProjectionDifference[] {
  const differences: ProjectionDifference[] = [];
  const compare = (field: string, a: unknown, b: unknown) => {
    if (!same(a, b)) differences.push({ field, stored: a ?? null, replayed: b ?? null });
  };
  for (const field of [
    'version',
    'carrierOrganizationId',
    'holderOrganizationId',
    'releaseStatus',
    'validFrom',
    'validUntil',
    'gateOutAt',
    'archived',
    'nextModeOfTransport',
    'greenLights',
  ] as const) {
    compare(field, stored[field], replayed[field]);
  }
  compare('pcs.status', stored.pcs.status, replayed.pcs.status);
  compare('pcs.sentToPcs', stored.pcs.sentToPcs, replayed.pcs.sentToPcs);
  compare('pcs.reference', stored.pcs.reference, replayed.pcs.reference);

  // The active chain, position by position; the parties revoked out of it, as a set.
  const active = <T extends ProjectedParty>(parties: T[]) =>
    new Map(parties.filter((party) => party.active).map((party) => [party.position, party]));
  const storedActive = active(stored.parties);
  const replayedActive = active(replayed.parties);
  const positions = [...new Set([...storedActive.keys(), ...replayedActive.keys()])].sort(
    (a, b) => a - b,
  );
  for (const position of positions) {
    const a = storedActive.get(position);
    const b = replayedActive.get(position);
    const at = `parties[${position}]`;
    if (!a || !b) {
      compare(at, a ? a.organizationId : null, b ? b.organizationId : null);
      continue;
    }
    compare(`${at}.organizationId`, a.organizationId, b.organizationId);
    compare(
      `${at}.receivedFromOrganizationId`,
      a.receivedFromOrganizationId,
      b.receivedFromOrganizationId,
    );
    compare(
      `${at}.transferredToOrganizationId`,
      a.transferredToOrganizationId,
      b.transferredToOrganizationId,
    );
    compare(`${at}.transferStatus`, a.transferStatus, b.transferStatus);
  }
  const former = (parties: ProjectedParty[]) =>
    parties
      .filter((party) => !party.active)
      .map((party) => `${party.organizationId}@${party.position}`)
      .sort();
  compare('formerParties', former(stored.parties), former(replayed.parties));
  for (const party of stored.parties) {
    if (party.releaseStatus !== replayed.releaseStatus) {
      compare(
        `parties[${party.position}].releaseStatus`,
        party.releaseStatus,
        replayed.releaseStatus,
      );
    }
  }
  for (const field of [
    'organizationId',
    'type',
    'identification',
    'identificationType',
    'name',
    'visitNumber',
  ] as const) {
    if (!stored.assignment || !replayed.assignment) {
      compare(
        'assignment',
        stored.assignment?.identification ?? null,
        replayed.assignment?.identification ?? null,
      );
      break;
    }
    compare(`assignment.${field}`, stored.assignment[field], replayed.assignment[field]);
  }
  compare('pincodeCopies', lowerKeys(stored.pincodeCopies), lowerKeys(replayed.pincodeCopies));
  return differences;
}
