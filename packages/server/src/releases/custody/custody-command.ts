import {
  parseStatement,
  statementProblem,
  custodyPermission,
  type AppliedRelease,
  type CustodyAction,
  type CustodyApplyRequest,
  type CustodyDryRunAnswer,
  type CustodyTarget,
  type EligibleRelease,
  type Features,
  type RefusedRelease,
  type SaltedAssignee,
  type Statement,
  type StatementRelease,
} from '@scr/domain';
import { HashJobRefused, sharedHashPool } from '@scr/wallet';
import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';
import { enqueueReleaseMails } from '../../mail/release-mails.ts';
import { assertFinalizedConnection } from './finalized-connection.ts';
import { appendEvents, recordStatement, type RecordedStatement } from '../../ledger/ledger.ts';
import { refreshPartyCopies } from '../party-copies.ts';
import type { ReleaseActor } from '../release-actor.ts';
import { normaliseReleaseAddress, normaliseReleaseAddresses } from '../release-address.ts';
import { releaseNotices, type ReleaseNotices } from '../release-notices.ts';
import {
  custodyRefusal,
  loadCustodyReleases,
  refusalKey,
  refusalText,
  type Addressed,
  type CustodyRelease,
} from './custody-releases.ts';
import { effectsOf, pincodeCopies, type AssignmentRecord } from './custody-effects.ts';
import { anyOf } from '../../kit/any-of.ts';

/** Who acts, with what they may do. */
export interface CustodyCaller extends ReleaseActor {
  features: Pick<Features, 'canFetchPincode' | 'canTransferRevoke'>;
}

/** What an applied action leaves for the service: the answer, notices to publish. */
export interface CustodyOutcome {
  applied: AppliedRelease[];
  statementHash: string;
  notices: ReleaseNotices;
}

const refused = (
  action: CustodyAction,
  addressed: Addressed,
  reason: NonNullable<ReturnType<typeof custodyRefusal>>,
) => ({
  address: addressed.address,
  blNumber: addressed.release?.blNumber ?? null,
  containerNumber: addressed.release?.containerNumber ?? null,
  reason,
  error: refusalText(action, reason),
});

/** Releases spec §6, through domain `custodyPermission`. */
function assertMayAct(action: CustodyAction, caller: CustodyCaller) {
  const permission = custodyPermission(action, caller.organizationRole, caller.features);
  if (permission === 'forbidden') throw appError('forbidden');
  if (permission === 'subscriptionRequired') throw appError('subscription_required');
}

/**
 * The transfer's target (releases spec §5 "Transfer", §6): named, known, with a sealing key,
 * finalised-connected to the caller; a carrier transfers only to an organisation with an
 * admin user ("Could not find admin user").
 */
export async function transferTarget(
  db: Knex | Knex.Transaction,
  caller: CustodyCaller,
  targetAddress: string | null | undefined,
): Promise<CustodyTarget> {
  const address = targetAddress ? normaliseReleaseAddress(targetAddress) : null;
  if (!address) throw appError('missing_target_organization');
  const target = await db('organizations')
    .whereRaw('lower(address) = ?', [address.toLowerCase()])
    .first('id', 'address', 'name', 'sealing_public_key');
  if (!target || target.id === caller.organizationId) throw appError('no_finalized_connection');
  await assertFinalizedConnection(db, caller.organizationId, target.id);
  if (caller.organizationRole === 'carrier') {
    const admin = await db('users')
      .where({ organization_id: target.id, is_admin: true })
      .modify((query) => query.where('is_active', true))
      .first('id');
    if (!admin) throw appError('admin_user_not_found');
  }
  if (!target.sealing_public_key) throw appError('no_finalized_connection');
  return {
    id: target.id,
    address: target.address,
    name: target.name,
    sealingPublicKey: target.sealing_public_key,
  };
}

/**
 * The first call (releases spec §7 "dryRun"; DESIGN §3): which releases the action would
 * change, at which version, with the caller's sealed pincode for a transfer; which it refuses
 * and why. Changes nothing.
 */
export async function custodyDryRun(
  db: Knex,
  action: CustodyAction,
  caller: CustodyCaller,
  addresses: readonly string[],
  targetAddress?: string | null,
): Promise<CustodyDryRunAnswer> {
  assertMayAct(action, caller);
  if (addresses.length === 0) throw appError('no_release_selected');
  const target = action === 'transfer' ? await transferTarget(db, caller, targetAddress) : null;
  const found = await loadCustodyReleases(db, caller.organizationId, addresses, {
    lock: false,
    targetOrganizationId: target?.id ?? null,
  });
  const eligible: EligibleRelease[] = [];
  const copies: (string | null)[] = [];
  const refusedReleases: RefusedRelease[] = [];
  for (const addressed of found) {
    const reason = custodyRefusal(action, addressed, caller);
    if (reason) {
      refusedReleases.push(refused(action, addressed, reason));
      continue;
    }
    const release = addressed.release!;
    eligible.push({
      address: release.address,
      blNumber: release.blNumber,
      containerNumber: release.containerNumber,
      version: release.version,
      encryptedPincode: action === 'transfer' ? release.encryptedPincode : null,
      pincodeHash: null,
    });
    copies.push(release.encryptedPincode);
  }
  // DESIGN §3 `pincodeHash` of each copy, thousands at a time in the hash workers.
  const hashes = await sharedHashPool().keccak(copies);
  eligible.forEach((release, i) => (release.pincodeHash = hashes[i]!));
  return {
    action,
    eligible_releases: eligible,
    refused: refusedReleases,
    ...(target ? { target } : {}),
    serverTime: new Date().toISOString(),
  };
}

/**
 * An assign call's assignee (DESIGN §3), as its body names it, with the salt of the
 * identification's commitment; null for other actions (and an assign without them).
 */
function requestAssignee(
  action: CustodyAction,
  request: CustodyApplyRequest,
): SaltedAssignee | null {
  if (action !== 'assign') return null;
  const { type, identification, identificationType, identificationSalt: salt } = request;
  return type && identification && identificationType && salt
    ? { type, identification, identificationType, salt }
    : null;
}

const unreadable = () =>
  appError('statement_invalid', { message: 'The statement or its signature cannot be read.' });

/** Reads the statement; anything unreadable is `statement_invalid`. */
function readStatement(request: CustodyApplyRequest): Statement {
  try {
    return parseStatement(request.statement);
  } catch {
    throw unreadable();
  }
}

/**
 * Who signed the statement (EIP-191) and its hash (DESIGN §3 `statementHash`): a
 * 10,000-release statement is 1.5 MB, so both are computed in the hash workers, side by side
 * (docs/production.md, "Heavy work and its budgets"), as are the pincode hashes it is checked against.
 */
async function signerAndHash(request: CustodyApplyRequest) {
  const hashes = sharedHashPool();
  const [signer, hash] = await Promise.all([
    hashes.recover(request.statement, request.signature).catch((error: Error) => {
      if (error instanceof HashJobRefused) throw unreadable();
      throw error;
    }),
    hashes.keccakOne(request.statement),
  ]);
  return { signer, hash };
}

/**
 * The second call (DESIGN §3): `verifyCustody`, then `applyVerified`, in the caller's
 * transaction with the releases locked: all or nothing.
 */
export async function applyCustody(
  trx: Knex.Transaction,
  action: CustodyAction,
  caller: CustodyCaller,
  request: CustodyApplyRequest,
  options: { portalUrl?: string | null } = {},
): Promise<CustodyOutcome> {
  return applyVerified(trx, await verifyCustody(trx, action, caller, request), options);
}

/** A second call checked, with its statement recorded: what `applyVerified` carries out. */
export interface VerifiedCustody {
  action: CustodyAction;
  caller: CustodyCaller;
  /** The releases, locked, every one still eligible at the version signed. */
  releases: CustodyRelease[];
  target: CustodyTarget | null;
  /** The call's releases by address, with the resealed copies of a transfer. */
  sent: Map<string, { version: number; encryptedPincode?: string | null }>;
  statement: RecordedStatement;
  /** Assign: what the release_assignments rows record (set by the assignment command). */
  assignment?: AssignmentRecord;
}

/**
 * Checks the second call: it goes ahead only if the statement is signed by the caller's
 * organisation, names this action (and target), was made within 5 minutes, was never used
 * before, and covers exactly these releases at their current versions with these pincode
 * ciphertexts; and only if every release is still eligible. Locks the releases and records the
 * statement once (a replay is refused); changes nothing else.
 */
export async function verifyCustody(
  trx: Knex.Transaction,
  action: CustodyAction,
  caller: CustodyCaller,
  request: CustodyApplyRequest,
): Promise<VerifiedCustody> {
  assertMayAct(action, caller);
  if (request.release_addresses.length === 0) throw appError('no_release_selected');
  const statement = readStatement(request);
  const { signer, hash: statementHash } = await signerAndHash(request);
  const target =
    action === 'transfer'
      ? await transferTarget(trx, caller, request.target_organization_address)
      : null;
  const sent = new Map<string, (typeof request.release_addresses)[number]>();
  const addresses = await normaliseReleaseAddresses(
    request.release_addresses.map((item) => item.address),
  );
  for (const [i, item] of request.release_addresses.entries()) {
    const address = addresses[i];
    if (!address || sent.has(address)) {
      throw appError('statement_invalid', { message: 'A release is named twice or not valid.' });
    }
    sent.set(address, item);
  }
  const found = await loadCustodyReleases(trx, caller.organizationId, [...sent.keys()], {
    lock: true,
    targetOrganizationId: target?.id ?? null,
  });

  // What changed since the dry run (someone else acted first) is a conflict, decided below.
  const refusals = new Map(
    found.map((addressed) => [addressed.address, custodyRefusal(action, addressed, caller)]),
  );
  const signedHash = new Map(
    statement.releases.map((r) => [r.address.toLowerCase(), r.pincodeHash]),
  );
  // The statement must be exactly the call (its versions as sent, its ciphertexts). The copy
  // of a release that is no longer eligible may be gone (revoked out): it is a conflict then.
  const copies = found.map(({ address, release }) =>
    action === 'transfer'
      ? (sent.get(address)!.encryptedPincode ?? null)
      : refusals.get(address)
        ? null
        : (release?.encryptedPincode ?? null),
  );
  const copyHashes = await sharedHashPool().keccak(copies);
  const covered: StatementRelease[] = found.map(({ address }, i) => {
    const item = sent.get(address)!;
    const hash =
      action !== 'transfer' && refusals.get(address)
        ? (signedHash.get(address.toLowerCase()) ?? null)
        : copyHashes[i]!;
    return { address, version: item.version, pincodeHash: hash };
  });
  const problem = statementProblem(statement, {
    action,
    signer,
    organizationAddress: caller.organizationAddress,
    targetAddress: target?.address ?? null,
    assignee: requestAssignee(action, request),
    visitNumber: request.visitNumber ?? null,
    releases: covered,
    now: new Date(),
  });
  if (problem) {
    throw appError('statement_invalid', {
      message: `The signed statement does not match this call (${problem}).`,
    });
  }
  const recorded = await recordStatement(trx, {
    hash: statementHash,
    action,
    statement: request.statement,
    signature: request.signature,
    signerAddress: signer,
  });
  if (!recorded) throw appError('statement_replayed');

  // Every release still eligible, at the version that was signed: else nothing changes.
  const conflicts: Record<string, string> = {};
  for (const addressed of found) {
    const reason = refusals.get(addressed.address);
    if (reason) conflicts[addressed.address] = refusalKey(action, reason);
    else if (addressed.release!.version !== sent.get(addressed.address)!.version) {
      conflicts[addressed.address] = 'releases.refusal.versionChanged';
    }
    if (action === 'transfer' && !reason) {
      const hasCopy = addressed.release!.encryptedPincode !== null;
      const sendsCopy = Boolean(sent.get(addressed.address)!.encryptedPincode);
      if (hasCopy !== sendsCopy) {
        throw appError('statement_invalid', {
          message: 'A pincode must be resealed for every release that has one, and only those.',
        });
      }
    }
  }
  if (Object.keys(conflicts).length > 0) {
    throw appError('release_conflict', { fields: conflicts });
  }

  return {
    action,
    caller,
    releases: found.map((addressed) => addressed.release!),
    target,
    sent,
    statement: recorded,
  };
}

/**
 * Carries out a verified call: every release changes (its action's effects, version + 1), each
 * gets a ledger event referring to the one statement, and the parties concerned are told (live
 * notices for the service to publish, e-mails through the outbox).
 */
export async function applyVerified(
  trx: Knex.Transaction,
  verified: VerifiedCustody,
  options: { portalUrl?: string | null } = {},
): Promise<CustodyOutcome> {
  const { action, caller, releases, target, sent, statement } = verified;
  const effects = await effectsOf[action](trx, releases, {
    callerOrganizationId: caller.organizationId,
    target,
    sent,
    statementId: statement.id,
    assignment: verified.assignment ?? null,
  });
  const ids = releases.map((release) => release.id);
  const updated: { id: string; address: string; version: number }[] = await trx('releases')
    .whereRaw(...anyOf('id', ids, 'bigint'))
    .update({
      version: trx.raw('version + 1'),
      updated_at: trx.fn.now(),
      ...effects.releaseChange,
    })
    .returning(['id', 'address', 'version']);
  if (effects.copiesChanged) await refreshPartyCopies(trx, ids);
  const copies = effects.pincodesChanged ? await pincodeCopies(trx, ids) : null;
  const versionOf = new Map(updated.map((row) => [String(row.id), row.version]));
  await appendEvents(
    trx,
    releases.map((release) => ({
      release: { id: release.id, address: release.address, version: versionOf.get(release.id)! },
      operation: action,
      statement,
      sourceOrganizationId: caller.organizationId,
      targetOrganizationId: effects.targetOf(release),
      userId: caller.userId,
      actor: caller.label,
      description: effects.descriptionOf(release),
      ...(copies ? { pincodeCopies: copies.get(release.id) ?? {} } : {}),
      formerPartyIds: effects.formerParties.get(release.id)?.map((party) => party.id),
    })),
  );

  const notices = await releaseNotices(trx, ids, action, caller);
  const byId = new Map(releases.map((release) => [release.id, release]));
  for (const [releaseId, organizations] of effects.formerParties) {
    const release = byId.get(releaseId)!;
    const notice = notices[release.address];
    if (!notice) continue;
    for (const organization of organizations) {
      if (notice.organizationIds.includes(organization.id)) continue;
      notice.organizationIds.push(organization.id);
      notice.organizationAddresses.push(organization.address);
    }
  }
  // The PCS actions are told live only; the PCS's answer follows (releases/pcs/).
  if (action !== 'pincode' && action !== 'transferToPcs' && action !== 'revokeFromPcs') {
    // Access spec §2 "Settings": each release's chain (those revoked out included) by e-mail.
    await enqueueReleaseMails(
      trx,
      {
        action,
        actorOrganizationId: caller.organizationId,
        targetOrganizationId:
          action === 'transfer' ? target!.id : action === 'revoke' ? effects.revokedFrom : null,
        releases: Object.values(notices),
      },
      options.portalUrl,
    );
  }
  return {
    applied: releases.map((release) => ({
      address: release.address,
      blNumber: release.blNumber,
      containerNumber: release.containerNumber,
      version: versionOf.get(release.id)!,
      ...(action === 'pincode' ? { encryptedPincode: release.encryptedPincode! } : {}),
    })),
    statementHash: statement.hash,
    notices,
  };
}
