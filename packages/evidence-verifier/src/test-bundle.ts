import {
  buildStatement,
  checkpointText,
  eventHash,
  evidenceBundleSignedText,
  inclusionProof,
  ledgerLeafHash,
  merkleRoot,
  statementHash,
  statementText,
  type EvidenceBundle,
  type EvidenceEvent,
  type EvidenceStatement,
  type LedgerEventContent,
  type Statement,
  type StatementAction,
} from '@scr/domain';
import { keccak256, toUtf8Bytes, Wallet } from 'ethers';

/**
 * Bundles for the verifier's tests, made as the portal makes them (its server signs its own
 * records, the checkpoint and the bundle; each organisation signs its custody actions), from
 * fixed keys and times so the story's words can be compared whole.
 */

const wallet = (byte: string) => new Wallet(`0x${byte.repeat(32)}`);
export const server = wallet('51');
export const cast = {
  carrier: { id: 1, name: 'Scheldt Ocean Line NV', role: 'carrier', wallet: wallet('c1') },
  forwarder: { id: 2, name: 'Kempen Forwarding BV', role: 'other', wallet: wallet('f2') },
  haulier: { id: 3, name: 'Antwerp Haulage NV', role: 'other', wallet: wallet('a3') },
  terminal: { id: 4, name: 'MPET Deurganck', role: 'terminal', wallet: wallet('e4') },
} as const;
export type CastName = keyof typeof cast;

export const releaseAddress = '0x00000000000000000000000000000000000000c0';
export const containerNumber = 'MSKU1234565';
export const blNumber = 'SOLU2611001';
export const alfaPass = '734305';

/** One event to make: who acts, signed by whom, with what. */
export interface Step {
  operation: StatementAction;
  /** The acting organisation (the event's source), null for the portal itself. */
  source: CastName | null;
  target?: CastName;
  /** Who signs the statement; the server for its own records by default. */
  signer?: CastName | 'server';
  description?: Record<string, unknown> | null;
  /** Statement fields signed beside the releases (a transfer's `to` is set from `target`). */
  statement?: Partial<Pick<Statement, 'assignee' | 'visitNumber' | 'details' | 'to'>>;
  at: string;
}

/** The chain of the story: created, passed on twice, assigned, checked at the gate, picked up. */
export const wholeChain: Step[] = [
  {
    operation: 'create',
    source: 'carrier',
    description: {
      billOfLading: { blNumber },
      container: {
        containerNumber,
        pickupLocation: '1742',
        validFrom: '2026-11-21',
        validUntil: '2026-12-05',
      },
    },
    at: '2026-11-21T08:00:00.000Z',
  },
  {
    operation: 'transfer',
    source: 'carrier',
    target: 'forwarder',
    signer: 'carrier',
    description: { to: cast.forwarder.name },
    at: '2026-11-21T09:15:00.000Z',
  },
  {
    operation: 'transfer',
    source: 'forwarder',
    target: 'haulier',
    signer: 'forwarder',
    description: { to: cast.haulier.name },
    at: '2026-11-22T07:30:00.000Z',
  },
  {
    operation: 'assign',
    source: 'haulier',
    signer: 'haulier',
    description: {
      assignee: {
        type: 'driver',
        name: 'Jan Peeters',
        identification: alfaPass,
        identificationType: 'alfapass',
      },
    },
    statement: {
      assignee: { type: 'driver', identification: alfaPass, identificationType: 'alfapass' },
    },
    at: '2026-11-22T07:45:00.000Z',
  },
  {
    operation: 'terminalCheck',
    source: 'terminal',
    description: {
      terminal: '1742',
      containerNumber,
      identificationType: 'alfapass',
      checkedValue: alfaPass,
      assignedValue: alfaPass,
      result: 'allowed',
    },
    at: '2026-11-23T10:02:00.000Z',
  },
  {
    operation: 'gateOut',
    source: 'terminal',
    description: { terminal: '1742', containerNumber, gateOutAt: '2026-11-23T10:05:00.000Z' },
    at: '2026-11-23T10:05:00.000Z',
  },
  {
    operation: 'archive',
    source: null,
    description: { archivedOn: '2026-11-23' },
    at: '2026-11-23T10:05:00.000Z',
  },
];

/** Leaves of other releases' events before and after this release's in the ledger's log. */
const othersBefore = 3;
const othersAfter = 2;

/** A bundle of one release whose events are `steps`, signed throughout; and its file's text. */
export function testBundle(steps: readonly Step[] = wholeChain): {
  bundle: EvidenceBundle;
  text: string;
} {
  const statements = new Map<string, EvidenceStatement>();
  const events: EvidenceEvent[] = [];
  let prevHash: string | null = null;
  steps.forEach((step, i) => {
    const signerName = step.signer ?? 'server';
    const signer = signerName === 'server' ? server : cast[signerName].wallet;
    const version = i + 1;
    const statement = buildStatement({
      action: step.operation,
      at: step.at,
      by: signer.address,
      releases: [{ address: releaseAddress, version, pincodeHash: null }],
      ...(step.operation === 'transfer' && step.target
        ? { to: cast[step.target].wallet.address }
        : {}),
      ...step.statement,
    });
    const text = statementText(statement);
    const hash = statementHash(text);
    statements.set(hash, {
      hash,
      text,
      signature: signer.signMessageSync(text),
      signerAddress: signer.address,
    });
    const content: LedgerEventContent = {
      releaseAddress,
      sequence: version,
      operation: step.operation,
      releaseVersion: version,
      statementHash: hash,
      prevHash,
      record: {
        actor: step.source ? `user:${cast[step.source].id * 10}` : 'system',
        userId: step.source ? cast[step.source].id * 10 : null,
        sourceOrganizationId: step.source ? cast[step.source].id : null,
        targetOrganizationId: step.target ? cast[step.target].id : null,
        description: step.description ?? null,
        createdAt: step.at,
      },
    };
    const eventHashOf = eventHash(content);
    events.push({ content, hash: eventHashOf, leafIndex: othersBefore + i, inclusionProof: [] });
    prevHash = eventHashOf;
  });
  const filler = (n: number) => keccak256(toUtf8Bytes(`another release's event ${n}`));
  const leaves = [
    ...Array.from({ length: othersBefore }, (_, n) => filler(n)),
    ...events.map((event) => event.hash),
    ...Array.from({ length: othersAfter }, (_, n) => filler(othersBefore + n)),
  ].map(ledgerLeafHash);
  const subtree = (start: number, end: number) => merkleRoot(leaves.slice(start, end));
  for (const event of events) {
    event.inclusionProof = inclusionProof(event.leafIndex, leaves.length, subtree);
  }
  const checkpoint = {
    treeSize: leaves.length,
    rootHash: merkleRoot(leaves),
    time: '2026-11-24T12:00:00.000Z',
    server: server.address,
  };
  const checkpointSigned = checkpointText(checkpoint);
  const signers = new Set([...statements.values()].map((s) => s.signerAddress));
  const unsigned: Omit<EvidenceBundle, 'signature'> = {
    kind: 'scr-evidence-bundle',
    v: 1,
    scope: { containerNumber },
    exportedAt: '2026-11-24T12:00:01.000Z',
    exportedBy: {
      organizationId: cast.haulier.id,
      name: cast.haulier.name,
      address: cast.haulier.wallet.address,
    },
    server: { address: server.address, publicKey: server.signingKey.publicKey },
    checkpoint: {
      ...checkpoint,
      signature: server.signMessageSync(checkpointSigned),
      text: checkpointSigned,
    },
    organizations: Object.values(cast).map((organization) => {
      const signed = signers.has(organization.wallet.address);
      const from = [...statements.values()].find(
        (s) => s.signerAddress === organization.wallet.address,
      );
      return {
        id: organization.id,
        name: organization.name,
        role: organization.role,
        address: organization.wallet.address,
        publicKey: signed ? organization.wallet.signingKey.publicKey : null,
        publicKeyFrom: from?.hash ?? null,
      };
    }),
    statements: [...statements.values()],
    releases: [{ address: releaseAddress, blNumber, containerNumber, events }],
  };
  const bundle: EvidenceBundle = {
    ...unsigned,
    signature: server.signMessageSync(evidenceBundleSignedText(unsigned)),
  };
  return { bundle, text: JSON.stringify(bundle, null, 2) };
}

/** The bundle signed again by the server after a change (to reach the checks after its own). */
export function resigned(bundle: EvidenceBundle): string {
  const { signature: _signature, ...unsigned } = bundle;
  return JSON.stringify({
    ...unsigned,
    signature: server.signMessageSync(evidenceBundleSignedText(unsigned)),
  });
}
