import {
  parseStatement,
  pincodeHash,
  statementProblem,
  unblockedStatus,
  custodyPermission,
  type AppliedRelease,
  type CustodyAction,
  type CustodyApplyRequest,
  type CustodyDryRunAnswer,
  type CustodyTarget,
  type EligibleRelease,
  type Features,
  type RefusedRelease,
  type Statement,
  type StatementRelease,
} from '@scr/domain';
import { verifyMessage } from 'ethers';
import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';
import { enqueueCustodyMails } from '../../mail/custody-mails.ts';
import { assertFinalizedConnection } from '../../services/connections/finalized-connection.ts';
import { appendEvents, recordStatement } from '../ledger.ts';
import { copySources, partyCopies, refreshPartyCopies } from '../party-copies.ts';
import type { ReleaseActor } from '../release-actor.ts';
import { normaliseReleaseAddress } from '../release-address.ts';
import { releaseNotices, type ReleaseNotices } from '../release-notices.ts';
import {
  callerFacts,
  custodyRefusal,
  loadCustodyReleases,
  refusalKey,
  refusalText,
  type Addressed,
  type CustodyRelease,
} from './custody-releases.ts';

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
      pincodeHash: pincodeHash(release.encryptedPincode),
    });
  }
  return {
    action,
    eligible_releases: eligible,
    refused: refusedReleases,
    ...(target ? { target } : {}),
    serverTime: new Date().toISOString(),
  };
}

/** Reads the statement and who signed it; anything unreadable is `statement_invalid`. */
function readSigned(request: CustodyApplyRequest): { statement: Statement; signer: string } {
  try {
    const statement = parseStatement(request.statement);
    return { statement, signer: verifyMessage(request.statement, request.signature) };
  } catch {
    throw appError('statement_invalid', {
      message: 'The statement or its signature cannot be read.',
    });
  }
}

/**
 * The second call (DESIGN §3): applied only if the statement is signed by the caller's
 * organisation, names this action (and target), was made within 5 minutes, was never used
 * before, and covers exactly these releases at their current versions with these pincode
 * ciphertexts; and only if every release is still eligible. Then, in the caller's transaction
 * with the releases locked, every release changes (all or nothing), each gets a ledger event
 * referring to the one statement, and the parties concerned are told.
 */
export async function applyCustody(
  trx: Knex.Transaction,
  action: CustodyAction,
  caller: CustodyCaller,
  request: CustodyApplyRequest,
  options: { portalUrl?: string | null } = {},
): Promise<CustodyOutcome> {
  assertMayAct(action, caller);
  if (request.release_addresses.length === 0) throw appError('no_release_selected');
  const { statement, signer } = readSigned(request);
  const target =
    action === 'transfer'
      ? await transferTarget(trx, caller, request.target_organization_address)
      : null;
  const sent = new Map<string, (typeof request.release_addresses)[number]>();
  for (const item of request.release_addresses) {
    const address = normaliseReleaseAddress(item.address);
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
  const covered: StatementRelease[] = found.map(({ address, release }) => {
    const item = sent.get(address)!;
    const hash =
      action === 'transfer'
        ? pincodeHash(item.encryptedPincode ?? null)
        : refusals.get(address)
          ? (signedHash.get(address.toLowerCase()) ?? null)
          : pincodeHash(release?.encryptedPincode ?? null);
    return { address, version: item.version, pincodeHash: hash };
  });
  const problem = statementProblem(statement, {
    action,
    signer,
    organizationAddress: caller.organizationAddress,
    targetAddress: target?.address ?? null,
    releases: covered,
    now: new Date(),
  });
  if (problem) {
    throw appError('statement_invalid', {
      message: `The signed statement does not match this call (${problem}).`,
    });
  }
  const recorded = await recordStatement(trx, {
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

  const releases = found.map((addressed) => addressed.release!);
  const effects = await applyEffects(trx, action, caller, releases, {
    target,
    sent,
  });
  const ids = releases.map((release) => release.id);
  const updated: { id: string; address: string; version: number }[] = await trx('releases')
    .whereIn('id', ids)
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
      statement: request.statement,
      signature: request.signature,
      signerAddress: signer,
      statementHash: recorded.hash,
      sourceOrganizationId: caller.organizationId,
      targetOrganizationId: effects.targetOf(release),
      userId: caller.userId,
      actor: caller.label,
      description: effects.descriptionOf(release),
      ...(copies ? { pincodeCopies: copies.get(release.id) ?? {} } : {}),
    })),
  );

  const notices = await releaseNotices(trx, ids, action);
  for (const [releaseId, organizations] of effects.formerParties) {
    const release = releases.find((r) => r.id === releaseId)!;
    const notice = notices[release.address];
    if (!notice) continue;
    for (const organization of organizations) {
      if (notice.organizationIds.includes(organization.id)) continue;
      notice.organizationIds.push(organization.id);
      notice.organizationAddresses.push(organization.address);
    }
  }
  if (action !== 'pincode') {
    await enqueueCustodyMails(
      trx,
      {
        action,
        actorOrganizationId: caller.organizationId,
        targetOrganizationId: action === 'transfer' ? target!.id : effects.revokedFrom,
        organizationIds: [...new Set(Object.values(notices).flatMap((n) => n.organizationIds))],
        releases: releases.map(({ blNumber, containerNumber }) => ({ blNumber, containerNumber })),
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
    statementHash: recorded.hash,
    notices,
  };
}

interface Effects {
  releaseChange: Record<string, unknown>;
  /** Party copies (release status) must follow the release. */
  copiesChanged: boolean;
  pincodesChanged: boolean;
  targetOf: (release: CustodyRelease) => number | null;
  descriptionOf: (release: CustodyRelease) => Record<string, unknown> | null;
  /** Organisations revoked out of each release's chain (told too). */
  formerParties: Map<string, { id: number; address: string }[]>;
  /** The organisation a revoke took the releases back from (the first, for the mail). */
  revokedFrom: number | null;
}

/** Releases spec §4 "Effects", per action, on the chain rows and pincode copies. */
async function applyEffects(
  trx: Knex.Transaction,
  action: CustodyAction,
  caller: CustodyCaller,
  releases: CustodyRelease[],
  context: {
    target: CustodyTarget | null;
    sent: Map<string, { encryptedPincode?: string | null }>;
  },
): Promise<Effects> {
  const ids = releases.map((release) => release.id);
  const partyIds = releases.map((release) => release.party!.id);
  const none: Effects = {
    releaseChange: {},
    copiesChanged: false,
    pincodesChanged: false,
    targetOf: () => null,
    descriptionOf: () => null,
    formerParties: new Map(),
    revokedFrom: null,
  };
  switch (action) {
    case 'transfer': {
      const target = context.target!;
      // The sender's row shows transferred and the next party; the recipient becomes the owner.
      await trx('release_parties').whereIn('id', partyIds).update({
        transfer_status: 'transferred',
        transferred_to_organization_id: target.id,
        updated_at: trx.fn.now(),
      });
      const sources = new Map(
        (await copySources(trx, ids)).map((source) => [String(source.id), source]),
      );
      await insertChunked(
        trx,
        'release_parties',
        releases.map((release) => ({
          release_id: release.id,
          organization_id: target.id,
          position: release.party!.position + 1,
          received_from_organization_id: caller.organizationId,
          transfer_status: 'owned',
          ...partyCopies(sources.get(release.id)!),
        })),
      );
      const pincodes = releases.flatMap((release) => {
        const encrypted = context.sent.get(release.address)?.encryptedPincode;
        return encrypted
          ? [{ release_id: release.id, organization_id: target.id, encrypted_pincode: encrypted }]
          : [];
      });
      for (let i = 0; i < pincodes.length; i += 1000) {
        await trx('release_pincodes')
          .insert(pincodes.slice(i, i + 1000))
          .onConflict(['release_id', 'organization_id'])
          .merge(['encrypted_pincode', 'created_at']);
      }
      return {
        ...none,
        releaseChange: { owner_organization_id: target.id },
        pincodesChanged: true,
        targetOf: () => target.id,
        descriptionOf: () => ({ to: target.name }),
      };
    }
    case 'revoke': {
      // Ownership returns to the revoking party; every later transfer along the chain is undone.
      const later: {
        release_id: string;
        organization_id: number;
        address: string;
        name: string;
      }[] = await trx('release_parties as p')
        .join('organizations as o', 'o.id', 'p.organization_id')
        .join(
          trx.raw(
            `(values ${releases.map(() => '(?::bigint, ?::int)').join(', ')}) as c(release_id, position)`,
            releases.flatMap((release) => [release.id, release.party!.position]),
          ),
          'c.release_id',
          'p.release_id',
        )
        .where('p.active', true)
        .whereRaw('p.position > c.position')
        .select('p.release_id', 'p.organization_id', 'o.address', 'o.name');
      const formerParties = new Map<string, { id: number; address: string }[]>();
      const namesOf = new Map<string, string[]>();
      for (const row of later) {
        const key = String(row.release_id);
        formerParties.set(key, [
          ...(formerParties.get(key) ?? []),
          { id: row.organization_id, address: row.address },
        ]);
        namesOf.set(key, [...(namesOf.get(key) ?? []), row.name]);
      }
      if (later.length > 0) {
        const pairs = later.map((row) => [row.release_id, row.organization_id]);
        const values = pairs.map(() => '(?::bigint, ?::int)').join(', ');
        await trx.raw(
          `update release_parties p set active = false, updated_at = now()
             from (values ${values}) as v(release_id, organization_id)
            where p.release_id = v.release_id and p.organization_id = v.organization_id and p.active`,
          pairs.flat(),
        );
        await trx.raw(
          `delete from release_pincodes c
             using (values ${values}) as v(release_id, organization_id)
            where c.release_id = v.release_id and c.organization_id = v.organization_id`,
          pairs.flat(),
        );
      }
      await trx('release_parties').whereIn('id', partyIds).update({
        transfer_status: 'owned',
        transferred_to_organization_id: null,
        updated_at: trx.fn.now(),
      });
      return {
        ...none,
        releaseChange: { owner_organization_id: caller.organizationId },
        pincodesChanged: true,
        targetOf: (release) => release.party!.transferredToOrganizationId,
        descriptionOf: (release) => ({ revokedFrom: namesOf.get(release.id) ?? [] }),
        formerParties,
        revokedFrom: releases[0]?.party?.transferredToOrganizationId ?? null,
      };
    }
    case 'block':
      return { ...none, releaseChange: { release_status: 'blocked' }, copiesChanged: true };
    case 'unblock': {
      // Back to its unblocked state: released, or expired when its validity has passed.
      const expired = releases.filter((release) => unblockedStatus(release) === 'expired');
      if (expired.length > 0) {
        await trx('releases')
          .whereIn(
            'id',
            expired.map((release) => release.id),
          )
          .update({ release_status: 'expired' });
      }
      const stillValid = releases.filter((release) => !expired.includes(release));
      if (stillValid.length > 0) {
        await trx('releases')
          .whereIn(
            'id',
            stillValid.map((release) => release.id),
          )
          .update({ release_status: 'released' });
      }
      return { ...none, copiesChanged: true };
    }
    case 'pincode': {
      // Fetching a pincode sets owned to pinRetrieved: no transfer from then on.
      const owned = releases.filter((release) => release.party!.transferStatus === 'owned');
      if (owned.length > 0) {
        await trx('release_parties')
          .whereIn(
            'id',
            owned.map((release) => release.party!.id),
          )
          .update({ transfer_status: 'pinRetrieved', updated_at: trx.fn.now() });
      }
      return none;
    }
  }
}

/** The pincode copies of some releases after a change, as hashes per organisation address. */
async function pincodeCopies(trx: Knex.Transaction, ids: readonly string[]) {
  const rows = await trx('release_pincodes as c')
    .join('organizations as o', 'o.id', 'c.organization_id')
    .whereIn('c.release_id', ids)
    .select('c.release_id', 'o.address', 'c.encrypted_pincode');
  const copies = new Map<string, Record<string, string | null>>();
  for (const row of rows) {
    const key = String(row.release_id);
    copies.set(key, { ...copies.get(key), [row.address]: pincodeHash(row.encrypted_pincode) });
  }
  return copies;
}

async function insertChunked(trx: Knex.Transaction, table: string, rows: object[]) {
  for (let i = 0; i < rows.length; i += 1000) await trx(table).insert(rows.slice(i, i + 1000));
}

export { callerFacts };
