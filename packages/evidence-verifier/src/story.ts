import {
  applyLedgerEvent,
  maskIdentification,
  serverSignedOperations,
  type EvidenceBundle,
  type EvidenceOrganization,
  type EvidenceRelease,
  type ReleaseProjection,
} from '@scr/domain';
import { getAddress } from 'ethers';
import { projectable } from './verify.ts';

/**
 * The custody story of a verified bundle in plain words (docs/ledger.md, "Evidence bundles"): for
 * each container, its events in order (who did what, when, signed by which organisation and
 * address), who held it when, and its state after the last event. An identification (a driver's
 * alfaPass, a barge's ENI number) is masked to its last three characters, `•••305`: the printout
 * never shows one in clear, though the bundle's signed statements hold it.
 */
export function custodyStory(
  bundle: EvidenceBundle,
  states: ReadonlyMap<string, ReleaseProjection>,
): string {
  const words = new StoryWords(bundle);
  const scope =
    'containerNumber' in bundle.scope
      ? `container ${bundle.scope.containerNumber}`
      : `BL ${bundle.scope.blNumber}`;
  const { checkpoint } = bundle;
  const lines = [
    `Evidence bundle of ${scope}, exported ${moment(bundle.exportedAt)} by ${bundle.exportedBy.name} (${getAddress(bundle.exportedBy.address)}).`,
    `The server is ${getAddress(bundle.server.address)}: compare it with the serverAddress the portal publishes (GET /api/app-info).`,
    `Every event below is in the server's signed checkpoint of ${checkpoint.treeSize} ledger events (root ${checkpoint.rootHash}, signed ${moment(checkpoint.time)}).`,
  ];
  const releases = [...bundle.releases].sort(
    (a, b) =>
      a.containerNumber.localeCompare(b.containerNumber) ||
      a.events[0]!.content.record.createdAt.localeCompare(b.events[0]!.content.record.createdAt),
  );
  for (const release of releases) {
    lines.push('', ...words.release(release, states.get(release.address) ?? null));
  }
  lines.push('', 'Organisations:');
  for (const organization of [...bundle.organizations].sort((a, b) => a.id - b.id)) {
    lines.push(
      `  ${organization.name} (${organization.role}, id ${organization.id}): address ${getAddress(organization.address)}`,
    );
  }
  return lines.join('\n');
}

/** `2026-11-21 09:30:00 UTC` for an ISO 8601 time. */
export function moment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** A value of an edit as the story shows it: short, on one line. */
function shown(value: unknown): string {
  const plain = typeof value === 'string' ? value : JSON.stringify(value);
  const line = plain.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

/** Identification types as people call them. */
const identificationTypes: Record<string, string> = {
  alfapass: 'alfaPass',
  itsme: 'itsme',
  eni: 'ENI number',
  train: 'train code',
};
/**
 * `alfaPass •••305`: the type and the masked identification; an event that binds only a
 * commitment to it (or an identification masked already) is told as it is, masked.
 */
function identification(type: unknown, value: unknown): string {
  const kind = identificationTypes[String(type)] ?? text(type) ?? 'identification';
  const shown = text(value);
  return shown ? `${kind} ${maskIdentification(shown)}` : `${kind} (not in the ledger)`;
}

/** Release statuses as people say them. */
const statuses: Record<string, string> = {
  released: 'released',
  blocked: 'blocked',
  blockedForScanning: 'blocked for scanning',
  expired: 'expired',
  deleted: 'deleted',
  gateout: 'picked up',
};

class StoryWords {
  readonly #organizations: Map<number, EvidenceOrganization>;
  readonly #byAddress: Map<string, EvidenceOrganization>;
  readonly #signers: Map<string, string>;
  readonly #server: string;

  constructor(bundle: EvidenceBundle) {
    this.#organizations = new Map(bundle.organizations.map((o) => [o.id, o]));
    this.#byAddress = new Map(bundle.organizations.map((o) => [o.address.toLowerCase(), o]));
    this.#signers = new Map(bundle.statements.map((s) => [s.hash, getAddress(s.signerAddress)]));
    this.#server = getAddress(bundle.server.address);
  }

  name(id: number | null): string {
    if (id === null) return 'the portal';
    return this.#organizations.get(id)?.name ?? `organisation ${id}`;
  }

  /** `signed by Carrier NV, 0x…` or `recorded and signed by the server 0x…`. */
  signature(statementHash: string, operation: string): string {
    const signer = this.#signers.get(statementHash) ?? 'an unknown signer';
    if (signer === this.#server && serverSignedOperations.has(operation)) {
      return `recorded and signed by the server ${signer}`;
    }
    const organization = this.#byAddress.get(signer.toLowerCase());
    return organization ? `signed by ${organization.name}, ${signer}` : `signed by ${signer}`;
  }

  release(release: EvidenceRelease, final: ReleaseProjection | null): string[] {
    const lines = [
      `Container ${release.containerNumber}, BL ${release.blNumber} (release ${release.address}): ${release.events.length} events`,
    ];
    let state: ReleaseProjection | null = null;
    /** Who held it from when: a new period at each change of holder. */
    const held: { organizationId: number | null; from: string }[] = [];
    for (const event of release.events) {
      const before: ReleaseProjection | null = state;
      state = applyLedgerEvent(state, projectable(event));
      const { content } = event;
      const at = content.record.createdAt;
      if (held.at(-1)?.organizationId !== state.holderOrganizationId) {
        held.push({ organizationId: state.holderOrganizationId, from: at });
      }
      const sentence = this.sentence(event.content, before, state);
      lines.push(
        `  ${content.sequence}. ${moment(at)}  ${sentence}. ${capital(this.signature(content.statementHash, content.operation))}.`,
      );
    }
    const last = final ?? state!;
    lines.push(`  Custody: ${this.custody(held, last)}.`);
    lines.push(`  After the last event: ${this.state(last)}.`);
    return lines;
  }

  sentence(
    content: EvidenceRelease['events'][number]['content'],
    before: ReleaseProjection | null,
    after: ReleaseProjection,
  ): string {
    const description = record(content.record.description);
    const actor = this.name(content.record.sourceOrganizationId);
    const target = this.name(content.record.targetOrganizationId);
    switch (content.operation) {
      case 'create': {
        const container = record(description.container);
        const terminal = text(container.pickupLocation);
        const from = text(container.validFrom);
        const until = text(container.validUntil);
        return [
          `${actor} released the container`,
          from && until ? `, valid from ${from} until ${until}` : '',
          terminal ? `, to be picked up at terminal ${terminal}` : '',
          `; ${actor} holds it`,
        ].join('');
      }
      case 'transfer':
        return `${actor} transferred it to ${target}, who holds it now`;
      case 'revoke': {
        const revoked = (before?.parties ?? [])
          .filter(
            (party) =>
              party.active && !after.parties.find((p) => p.position === party.position && p.active),
          )
          .map((party) => this.name(party.organizationId));
        return `${actor} revoked it${revoked.length ? ` from ${list(revoked)}` : ''}; ${actor} holds it again`;
      }
      case 'block':
        return `${actor} blocked it`;
      case 'unblock':
        return `${actor} unblocked it`;
      case 'pincode':
        return `${actor} retrieved the pincode (its own sealed copy; no pincode is in the ledger)`;
      case 'assign': {
        const assignee = record(description.assignee);
        const visit = text(description.visitNumber);
        return `${actor} assigned it to a ${text(assignee.type) ?? 'transporter'} identified by ${identification(assignee.identificationType, assignee.identificationMasked ?? assignee.identification)}${visit ? `, visit number ${visit}` : ''}`;
      }
      case 'unassign':
        return `${actor} took its assignment back`;
      case 'transferToPcs':
        return `${actor} sent it to the port community system`;
      case 'revokeFromPcs':
        return `${actor} revoked it from the port community system`;
      case 'pcsAnswer':
        return `The port community system answered: ${text(description.pcsResult) ?? 'no result'}`;
      case 'edit': {
        const changes = Object.entries(record(description.changes));
        return changes.length
          ? `${actor} edited it: ${changes.map(([field, value]) => `${field} ${shown(value)}`).join(', ')}`
          : `${actor} edited it`;
      }
      case 'delete':
        return `${actor} deleted it`;
      case 'expire':
        return 'It expired';
      case 'archive':
        return 'It was archived';
      case 'terminalCheck': {
        const result = text(description.result);
        return `Gate check at terminal ${text(description.terminal) ?? '?'}, by ${actor}: ${identification(description.identificationType, description.checkedValue)} presented, ${result === 'allowed' ? 'allowed' : `refused (${result ?? 'no reason'})`}`;
      }
      case 'gateOut': {
        const gateOutAt = text(description.gateOutAt);
        return `Picked up: gate-out at terminal ${text(description.terminal) ?? '?'}${gateOutAt ? ` at ${moment(gateOutAt)}` : ''}, reported by ${actor}`;
      }
      case 'portStatus':
        return `The port's status system reported ${text(description.light) ?? 'a light'}: ${text(description.value) ?? '?'}`;
      case 'nextModeOfTransport':
        return `${actor} set the next mode of transport to ${text(description.modeOfTransport) ?? 'none'}`;
      default:
        return `${content.operation} by ${actor}`;
    }
  }

  custody(held: { organizationId: number | null; from: string }[], last: ReleaseProjection) {
    return held
      .map((period, i) => {
        const next = held[i + 1];
        const until = next
          ? `until ${moment(next.from)}`
          : last.gateOutAt
            ? `until the gate-out at ${moment(last.gateOutAt)}`
            : 'to the last event';
        return `${this.name(period.organizationId)} from ${moment(period.from)} ${until}`;
      })
      .join('; then ');
  }

  state(last: ReleaseProjection): string {
    const status = statuses[last.releaseStatus] ?? last.releaseStatus;
    const parts = [
      last.gateOutAt ? `${status}, gate-out at ${moment(last.gateOutAt)}` : status,
      ...(last.archived ? ['archived'] : []),
      `held by ${this.name(last.holderOrganizationId)}`,
    ];
    if (last.assignment) {
      parts.push(
        `assigned by ${this.name(last.assignment.organizationId)} to a ${last.assignment.type || 'transporter'} identified by ${identification(last.assignment.identificationType, last.assignment.identificationMasked)}`,
      );
    }
    return parts.join(', ');
  }
}

const capital = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);
const list = (names: string[]) =>
  names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
