import { keccak256, toUtf8Bytes } from 'ethers';

/**
 * How a system signs custody actions (DESIGN §3 "Who signs"; issue 14 item 3), written the way a
 * carrier's or forwarder's own system would: it needs only `fetch`, ethers' keccak-256 and
 * the two contracts it talks to. The README shows it; the document-driven API test runs it.
 *
 * - The portal: each operation called by its OpenAPI `operationId` (`call`), with an API key of
 *   scope `custody:write` as `Authorization: ApiKey …`. The ledger records that key as the actor.
 * - The system's own ID wallet (`npm run wallet`, the wallet's HTTP contract of DESIGN §3): a
 *   wallet user of its own, holding the organisation key under the system's password. It
 *   reseals pincodes to a transfer's target, signs the statement and opens fetched pincodes;
 *   the portal never holds the key and never reads a pincode.
 */

export interface PortalCall {
  (
    operationId: string,
    input: { body?: unknown; path?: Record<string, string> },
  ): Promise<{ status: number; body: unknown }>;
}

export interface SystemClientOptions {
  call: PortalCall;
  walletUrl: string;
  walletUserId: string;
  walletPassword: string;
}

interface Eligible {
  address: string;
  version: number;
  encryptedPincode: string | null;
  pincodeHash: string | null;
}

/** Assign: who the releases are bound to (DESIGN §3 "Secure pick-up"). */
export interface Assignee {
  type: 'driver' | 'barge' | 'train';
  identification: string;
  identificationType: 'alfapass' | 'itsme' | 'eni' | 'train';
}

export interface ActOptions {
  /** Transfer: the target organisation's address. */
  target?: string;
  /** Assign: the assignee, and the visit number when there is one. */
  assignee?: Assignee;
  visitNumber?: string;
}

interface DryRun {
  eligible_releases: Eligible[];
  refused: { address: string; reason: string; error: string }[];
  target?: { address: string; sealingPublicKey: string };
  /** Assign: the salt of the identification's commitment the statement binds. */
  assignee?: { salt: string };
}

/**
 * What an assign statement binds of the identification (the document's `assignee.salt`):
 * keccak-256 of "scr-identification", the salt, the identification type and the identification,
 * one per line.
 */
const identificationCommitment = (salt: string, assignee: Assignee) =>
  keccak256(
    toUtf8Bytes(
      `scr-identification\n${salt}\n${assignee.identificationType}\n${assignee.identification}`,
    ),
  );

/** The custody actions a statement names (DESIGN §3; releases spec §7). */
export type CustodyActionName =
  | 'transfer'
  | 'revoke'
  | 'block'
  | 'unblock'
  | 'pincode'
  | 'assign'
  | 'unassign'
  | 'transferToPcs'
  | 'revokeFromPcs';

/** The actions whose service is `PUT` (Feathers update, 200): assignment and the PCS. */
const putActions: readonly CustodyActionName[] = [
  'assign',
  'unassign',
  'transferToPcs',
  'revokeFromPcs',
];

/** Canonical JSON (DESIGN §3): keys sorted, no spaces; what the organisation key signs. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** keccak-256 of the sealed copy exactly as sent (base64 text), null without one. */
const pincodeHash = (sealed: string | null | undefined) =>
  sealed ? keccak256(toUtf8Bytes(sealed)) : null;

export class SystemError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly answer: unknown,
  ) {
    super(message);
  }
}

/** A system acting on custody through its own wallet: see the module's comment. */
export function systemClient(options: SystemClientOptions) {
  let unlocked: { token: string; address: string } | null = null;

  async function wallet<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${options.walletUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(unlocked ? { authorization: `Bearer ${unlocked.token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new SystemError(`wallet ${path}`, response.status, answer);
    return answer as T;
  }

  async function unlock() {
    unlocked = null;
    unlocked = await wallet<{ token: string; address: string }>('/unlock', {
      userId: options.walletUserId,
      password: options.walletPassword,
    });
    return unlocked;
  }

  async function portal<T>(operationId: string, body: unknown, expected: number): Promise<T> {
    const answer = await options.call(operationId, { body });
    if (answer.status !== expected) {
      throw new SystemError(`${operationId} answered ${answer.status}`, answer.status, answer.body);
    }
    return answer.body as T;
  }

  /**
   * One custody action in its two calls (transfer, revoke, block, unblock, pincode, assign,
   * unassign, transferToPcs, revokeFromPcs): the dry run, the wallet's reseal (transfers) and
   * signature, then the signed call. Answers the dry run (with the refused releases) and the
   * second call's answer (for the PCS actions with the PCS's `report` per release).
   */
  async function act(
    operationId: string,
    action: CustodyActionName,
    releaseAddresses: string[],
    options: ActOptions = {},
  ) {
    const { address } = unlocked ?? (await unlock());
    // Assign, unassign and the PCS actions are PUT (update, 200); the others POST (create, 201).
    const done = putActions.includes(action) ? 200 : 201;
    const extra = {
      ...(options.target ? { target_organization_address: options.target } : {}),
      ...options.assignee,
      ...(options.visitNumber ? { visitNumber: options.visitNumber } : {}),
    };
    const dryRun = await portal<DryRun>(
      operationId,
      { dryRun: true, release_addresses: releaseAddresses, ...extra },
      done,
    );
    const eligible = dryRun.eligible_releases;
    const resealed = new Map<string, string | null>();
    if (action === 'transfer') {
      const sealed = eligible.filter((release) => release.encryptedPincode);
      const { items } = await wallet<{ items: { address: string; encryptedPincode?: string }[] }>(
        '/pincodes/reseal',
        {
          targetPublicKey: dryRun.target!.sealingPublicKey,
          items: sealed.map(({ address: a, encryptedPincode }) => ({
            address: a,
            encryptedPincode,
          })),
        },
      );
      for (const item of items) resealed.set(item.address, item.encryptedPincode ?? null);
    }
    const copy = (release: Eligible) => resealed.get(release.address) ?? null;
    const statement = canonicalJson({
      v: 1,
      action,
      at: new Date().toISOString(),
      by: address,
      releases: eligible
        .map((release) => ({
          address: release.address,
          version: release.version,
          pincodeHash: action === 'transfer' ? pincodeHash(copy(release)) : release.pincodeHash,
        }))
        .sort((a, b) => (a.address < b.address ? -1 : 1)),
      ...(dryRun.target ? { to: dryRun.target.address } : {}),
      ...(options.assignee && dryRun.assignee
        ? {
            assignee: {
              identificationCommitment: identificationCommitment(
                dryRun.assignee.salt,
                options.assignee,
              ),
              identificationType: options.assignee.identificationType,
              type: options.assignee.type,
            },
          }
        : {}),
      ...(options.assignee && options.visitNumber ? { visitNumber: options.visitNumber } : {}),
    });
    const { signature } = await wallet<{ signature: string }>('/sign', { message: statement });
    const applied = await portal<{
      statementHash: string;
      data?: { address: string; encryptedPincode: string }[];
      report?: { address: string; result: string; reason: string | null }[];
    }>(
      operationId,
      {
        release_addresses: eligible.map((release) => ({
          address: release.address,
          version: release.version,
          ...(action === 'transfer' ? { encryptedPincode: copy(release) } : {}),
        })),
        ...extra,
        ...(dryRun.assignee ? { identificationSalt: dryRun.assignee.salt } : {}),
        statement,
        signature,
      },
      done,
    );
    return { dryRun, applied };
  }

  /** Fetches pincodes (a signed action), then opens them in the system's own wallet. */
  async function fetchPincodes(operationId: string, releaseAddresses: string[]) {
    const { applied } = await act(operationId, 'pincode', releaseAddresses);
    const { items } = await wallet<{ items: { address: string; pincode?: string }[] }>(
      '/pincodes/open',
      { items: applied.data ?? [] },
    );
    return items;
  }

  return { unlock, act, fetchPincodes };
}
