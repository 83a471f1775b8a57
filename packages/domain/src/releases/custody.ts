import { identificationCommitment, isIdentificationSalt } from '../ledger/identification.ts';
import { getAddress } from 'ethers';
import type { Assignee } from '../api/transporters.ts';
import type { Features } from '../features.ts';
import { pincodeHash, type Statement, type StatementRelease } from '../ledger/statements.ts';
import type { OrganizationRole } from '../organizations.ts';
import type { AssignmentRefusal } from './assignment.ts';
import type { PincodeRefusal } from './pincode-eligibility.ts';
import type { RefusalReason } from './refusals.ts';

/**
 * The custody actions a party signs with its wallet (DESIGN §3 "Who signs"; releases spec §4
 * "Effects", §7 `transfers` / `revokes` create, `releases` patch type block and unblock,
 * `pincode-log` create, `releases/assignment/assign` and `unassign`). Every one is two calls: a
 * dry run that answers what is eligible (with each release's `version` and pincode hash), then
 * the same call with the signed statement.
 */
export const custodyActions = [
  'transfer',
  'revoke',
  'block',
  'unblock',
  'pincode',
  'assign',
  'unassign',
  /** Releases spec §7 `PUT releases/pcs/transferToPcs` and `revokeFromPcs` (issue 14 item 1). */
  'transferToPcs',
  'revokeFromPcs',
] as const;
export type CustodyAction = (typeof custodyActions)[number];

/**
 * Whether an organisation of this role, with these features, may take the action at all
 * (releases spec §6), before any release is looked at: terminals take no custody action;
 * carriers fetch no pincodes (they set them); non-carriers transfer and revoke with
 * canTransferRevoke. Block and unblock are refused per release for non-carriers (§4
 * "only carrier may block"), so they pass here. Assign and unassign are for non-carriers only
 * (§2 "Assign and Un-assign (non-carrier)", §6 carriers have "no assign"), and so are the PCS
 * actions.
 */
export function custodyPermission(
  action: CustodyAction,
  role: OrganizationRole,
  features: Pick<Features, 'canTransferRevoke'>,
): 'allowed' | 'forbidden' | 'subscriptionRequired' {
  if (role === 'terminal') return 'forbidden';
  if (action === 'pincode' && role === 'carrier') return 'forbidden';
  if ((action === 'assign' || action === 'unassign') && role === 'carrier') return 'forbidden';
  // §2 "Transfer to PCS and Revoke from PCS (non-carrier …)", §6 carriers have no PCS actions.
  if ((action === 'transferToPcs' || action === 'revokeFromPcs') && role === 'carrier') {
    return 'forbidden';
  }
  if ((action === 'transfer' || action === 'revoke') && role !== 'carrier') {
    return features.canTransferRevoke ? 'allowed' : 'subscriptionRequired';
  }
  return 'allowed';
}

/** The statement must be made within this many milliseconds of the server's clock. */
export const statementMaxSkewMs = 5 * 60 * 1000;

/**
 * At most this many releases in one custody action (one signed statement): a whole bulk file
 * (issue 13 item 1, `bulkLimits.maxRows`). Measured for 10,000 transfers: a statement of 1.5 MB
 * (the schemas take 2 MB, the wallet signs up to 2 MB), a second call of 3.3 MB (the JSON body
 * limit is 4 MB) and a dry-run answer of 3.1 MB; `npm run bench` times a bulk transfer.
 */
export const maxCustodyReleases = 10_000;

/**
 * Why one release takes no part in a custody action: a chain refusal, a pincode message or,
 * for an assignment, an identification rule (releases spec §5 "Assign identification").
 */
export type CustodyRefusal = RefusalReason | PincodeRefusal | AssignmentRefusal;

/** One release the dry run found eligible, at the version the statement must name. */
export interface EligibleRelease {
  address: string;
  blNumber: string;
  containerNumber: string;
  version: number;
  /**
   * The caller's sealed copy of the pincode, for a transfer (the wallet reseals it to the
   * target); null without a pincode, and for the other actions.
   */
  encryptedPincode: string | null;
  /** keccak-256 of the caller's copy (DESIGN §3 `pincodeHash`), null without a pincode. */
  pincodeHash: string | null;
}

/** One release refused, with why (a `releases.refusal.` or `releases.pincode.` key) in English too. */
export interface RefusedRelease {
  address: string;
  blNumber: string | null;
  containerNumber: string | null;
  reason: CustodyRefusal;
  error: string;
}

/** The organisation a transfer goes to, with the key the wallet reseals pincodes to. */
export interface CustodyTarget {
  id: number;
  address: string;
  name: string;
  sealingPublicKey: string;
}

/** First call: `{dryRun: true, release_addresses, target_organization_address?}`. */
export interface CustodyDryRunRequest extends AssignmentFields {
  dryRun: true;
  release_addresses: string[];
  /** Transfers only. */
  target_organization_address?: string;
}

/**
 * The fields an assignment adds to both calls (releases spec §7 `releases/assignment/assign`:
 * `type`, `identification`, `identificationType`, `visitNumber`; DESIGN §3).
 */
export interface AssignmentFields {
  type?: Assignee['type'];
  identification?: string;
  identificationType?: Assignee['identificationType'];
  /** The second call of an assign: the salt the dry run gave (`DryRunAssignee.salt`). */
  identificationSalt?: string;
  visitNumber?: string | null;
}

/**
 * The assignee of an assign call, as the dry run confirms it: with the transporter's name and
 * the salt of the identification's commitment (`identificationCommitment`), which the statement
 * binds and the second call sends back as `identificationSalt`.
 */
export interface DryRunAssignee extends Assignee {
  name: string;
  salt: string;
}

/** An assignee as a statement binds it: the identification with its commitment's salt. */
export interface SaltedAssignee extends Assignee {
  salt: string;
}

/** What the dry run answers. */
export interface CustodyDryRunAnswer {
  action: CustodyAction;
  eligible_releases: EligibleRelease[];
  refused: RefusedRelease[];
  /** Transfers only. */
  target?: CustodyTarget;
  /** Assign only: who the statement binds the releases to. */
  assignee?: DryRunAssignee;
  /** Assign only, when given. */
  visitNumber?: string | null;
  /** The server's clock: the statement's `at` should be close to it. */
  serverTime: string;
}

/** One release of the second call, exactly as the statement covers it. */
export interface SignedRelease {
  address: string;
  version: number;
  /** Transfers: the copy resealed to the target (null without a pincode); omitted otherwise. */
  encryptedPincode?: string | null;
}

/** Second call: the releases as signed, the canonical statement text and its signature. */
export interface CustodyApplyRequest extends AssignmentFields {
  release_addresses: SignedRelease[];
  /** Transfers only. */
  target_organization_address?: string;
  statement: string;
  signature: string;
}

/** One release the action changed. */
export interface AppliedRelease {
  address: string;
  blNumber: string;
  containerNumber: string;
  version: number;
  /** `pincode` only: the caller's sealed copy, for its wallet to open. */
  encryptedPincode?: string;
}

/** What the second call answers: every covered release was applied (all or nothing). */
export interface CustodyApplyAnswer {
  action: CustodyAction;
  applied: AppliedRelease[];
  /** The statement's hash: how the ledger refers to it. */
  statementHash: string;
}

/** `pincode-log` create answers, per release, the caller's sealed copy or why not (spec §3 "Pincode result"). */
export type PincodeLogEntry =
  { address: string; encryptedPincode: string } | { address: string; error: string };

/**
 * The statement a party signs for a custody action over the dry run's eligible releases
 * (DESIGN §3). For a transfer, `pincodes` holds the copies resealed to the target by address,
 * and `to` the target's address.
 */
export function custodyStatement(fields: {
  action: CustodyAction;
  by: string;
  at: string;
  releases: readonly { address: string; version: number; pincodeHash: string | null }[];
  to?: string;
  /** Assign only. */
  assignee?: SaltedAssignee;
  /** Assign only, when given. */
  visitNumber?: string | null;
}): Statement {
  const releases = [...fields.releases]
    .map(({ address, version, pincodeHash }) => ({ address, version, pincodeHash }))
    .sort((a, b) => (a.address < b.address ? -1 : 1));
  return {
    v: 1,
    action: fields.action,
    at: fields.at,
    by: fields.by,
    releases,
    ...(fields.to ? { to: fields.to } : {}),
    ...(fields.action === 'assign' && fields.assignee
      ? { assignee: statementAssignee(fields.assignee) }
      : {}),
    ...(fields.action === 'assign' && fields.visitNumber
      ? { visitNumber: fields.visitNumber }
      : {}),
  };
}

/**
 * The assignee as a statement names it: exactly three fields (DESIGN §3), the identification by
 * its commitment (docs/ledger.md, "Identifications stay out of the ledger").
 */
export function statementAssignee({
  identification,
  identificationType,
  type,
  salt,
}: SaltedAssignee) {
  return {
    identificationCommitment: identificationCommitment(salt, identificationType, identification),
    identificationType,
    type,
  };
}

/** One eligible release the action covers; for a transfer, with the copy resealed to the target. */
export interface CoveredRelease {
  release: Pick<EligibleRelease, 'address' | 'version' | 'pincodeHash'>;
  /** Transfers: the caller's copy resealed to the target, null without a pincode. */
  sent?: string | null;
}

/**
 * The signed call's parts (DESIGN §3, releases spec §7), built one way for the browser flow and
 * for `sign-custody`: the statement to sign over the covered releases (for a transfer, with the
 * hash of each copy sent to the target) and the second call's body without the statement text
 * and signature.
 */
export function custodyCall(fields: {
  action: CustodyAction;
  by: string;
  at: string;
  covered: readonly CoveredRelease[];
  /** Transfers: the target organisation's address. */
  to?: string;
  /** Assign: who the releases are bound to, and the visit number when given. */
  assignee?: SaltedAssignee;
  visitNumber?: string | null;
}): { statement: Statement; body: Omit<CustodyApplyRequest, 'statement' | 'signature'> } {
  const transfer = fields.action === 'transfer';
  const assign = fields.action === 'assign' && fields.assignee;
  const statement = custodyStatement({
    action: fields.action,
    by: fields.by,
    at: fields.at,
    releases: fields.covered.map(({ release, sent }) => ({
      address: release.address,
      version: release.version,
      pincodeHash: transfer ? pincodeHash(sent) : release.pincodeHash,
    })),
    ...(transfer && fields.to ? { to: fields.to } : {}),
    ...(assign ? { assignee: fields.assignee, visitNumber: fields.visitNumber ?? null } : {}),
  });
  return {
    statement,
    body: {
      release_addresses: fields.covered.map(({ release, sent }): SignedRelease => {
        const signed = { address: release.address, version: release.version };
        return transfer ? { ...signed, encryptedPincode: sent ?? null } : signed;
      }),
      ...(transfer && fields.to ? { target_organization_address: fields.to } : {}),
      ...(assign
        ? {
            type: fields.assignee!.type,
            identification: fields.assignee!.identification,
            identificationType: fields.assignee!.identificationType,
            identificationSalt: fields.assignee!.salt,
          }
        : {}),
      ...(assign && fields.visitNumber ? { visitNumber: fields.visitNumber } : {}),
    },
  };
}

/** Why a signed statement does not match the call it came with. */
export type StatementProblem =
  'action' | 'signer' | 'target' | 'assignee' | 'time' | 'releases' | 'versions' | 'pincodes';

/**
 * Checks that a statement (already parsed and its signature recovered to `signer`) is exactly
 * the call: this action, by the caller's organisation, to this target, made within 5 minutes of
 * `now`, covering exactly these releases at these versions with these pincode ciphertexts.
 * Answers the first problem, or null.
 */
export function statementProblem(
  statement: Statement,
  call: {
    action: CustodyAction;
    signer: string;
    organizationAddress: string;
    targetAddress?: string | null;
    /** Assign: the assignee and visit number of the call, which the statement must name exactly. */
    assignee?: SaltedAssignee | null;
    visitNumber?: string | null;
    /**
     * The releases of the call at their locked versions, with the pincode hash the server
     * expects: of the copy sent for the target (transfer), of the caller's stored copy otherwise.
     */
    releases: readonly StatementRelease[];
    now: Date;
  },
): StatementProblem | null {
  if (statement.action !== call.action) return 'action';
  if (!sameAddress(statement.by, call.organizationAddress)) return 'signer';
  if (!sameAddress(call.signer, call.organizationAddress)) return 'signer';
  if (call.action === 'transfer') {
    if (!statement.to || !call.targetAddress || !sameAddress(statement.to, call.targetAddress)) {
      return 'target';
    }
  } else if (statement.to !== undefined) return 'target';
  if (assigneeProblem(statement, call)) return 'assignee';
  const at = Date.parse(statement.at);
  if (!Number.isFinite(at) || Math.abs(at - call.now.getTime()) > statementMaxSkewMs) {
    return 'time';
  }
  if (statement.releases.length !== call.releases.length) return 'releases';
  const signed = new Map<string, StatementRelease>();
  for (const release of statement.releases) signed.set(release.address.toLowerCase(), release);
  if (signed.size !== statement.releases.length) return 'releases';
  for (const release of call.releases) {
    const covered = signed.get(release.address.toLowerCase());
    if (!covered) return 'releases';
    if (covered.version !== release.version) return 'versions';
    if (covered.pincodeHash !== release.pincodeHash) return 'pincodes';
  }
  return null;
}

/**
 * An assign statement names exactly the call's assignee (its three fields, the identification
 * by its commitment with the call's salt) and visit number; any other statement names neither.
 */
function assigneeProblem(
  statement: Statement,
  call: { action: CustodyAction; assignee?: SaltedAssignee | null; visitNumber?: string | null },
): boolean {
  if (call.action !== 'assign') {
    return statement.assignee !== undefined || statement.visitNumber !== undefined;
  }
  const signed = statement.assignee;
  if (!signed || !call.assignee || !isIdentificationSalt(call.assignee.salt)) return true;
  const keys = Object.keys(signed).sort().join(',');
  if (keys !== 'identificationCommitment,identificationType,type') return true;
  const expected = statementAssignee(call.assignee);
  if (
    signed.identificationCommitment !== expected.identificationCommitment ||
    signed.identificationType !== expected.identificationType ||
    signed.type !== expected.type
  ) {
    return true;
  }
  return (statement.visitNumber ?? null) !== (call.visitNumber ?? null);
}

function sameAddress(a: string, b: string): boolean {
  try {
    return getAddress(a) === getAddress(b);
  } catch {
    return false;
  }
}
