import {
  recordedIdentification,
  unblockedStatus,
  type Assignee,
  type CustodyAction,
  type CustodyTarget,
  type GreenLights,
} from '@scr/domain';
import { sharedHashPool } from '@scr/wallet';
import type { Knex } from 'knex';
import { copySources, partyCopies, partyCopyColumns } from '../party-copies.ts';
import { pcsEffects } from '../pcs/pcs-effects.ts';
import type { CustodyRelease } from './custody-releases.ts';
import { anyOf } from '../../kit/any-of.ts';
import { insertUnnest, type UnnestColumn } from '../../kit/insert-unnest.ts';

/**
 * Releases spec §4 "Effects" of each custody action on the chain rows and pincode copies, in
 * bulk, in the caller's transaction with the releases locked (custody-command.ts `verifyCustody`
 * decides whether the action may go ahead; these only carry it out), one function per action.
 */
export interface Effects {
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

/**
 * Who an assign binds the releases to, with the transporter's name as the overview shows it and
 * the salt of the identification's commitment the statement signed.
 */
export interface AssignmentRecord extends Assignee {
  name: string;
  visitNumber: string | null;
  salt: string;
}

/** What an action's effects know of the call: who acts, the target, the resealed copies. */
export interface EffectsContext {
  callerOrganizationId: number;
  target: CustodyTarget | null;
  sent: Map<string, { encryptedPincode?: string | null }>;
  /** The recorded statement the action's events refer to. */
  statementId?: string;
  /** Assign: who the releases are bound to. */
  assignment?: AssignmentRecord | null;
}

type ActionEffects = (
  trx: Knex.Transaction,
  releases: CustodyRelease[],
  context: EffectsContext,
) => Promise<Effects>;

const none: Effects = {
  releaseChange: {},
  copiesChanged: false,
  pincodesChanged: false,
  targetOf: () => null,
  descriptionOf: () => null,
  formerParties: new Map(),
  revokedFrom: null,
};

/** The columns of a transfer's new party row (`insertUnnest`). */
const newPartyColumns: UnnestColumn[] = [
  ['release_id', 'bigint'],
  ['organization_id', 'integer'],
  ['position', 'integer'],
  ['received_from_organization_id', 'integer'],
  ['transfer_status', 'text'],
  ...partyCopyColumns,
];

/**
 * Transfer: the sender's row shows transferred and the next party; the recipient becomes the
 * owner, with a party row one position further and the resealed pincode copy.
 */
export const transferEffects: ActionEffects = async (trx, releases, context) => {
  const target = context.target!;
  const ids = releases.map((release) => release.id);
  await trx('release_parties')
    .whereRaw(
      ...anyOf(
        'id',
        releases.map((release) => release.party!.id),
        'bigint',
      ),
    )
    .update({
      transfer_status: 'transferred',
      transferred_to_organization_id: target.id,
      updated_at: trx.fn.now(),
    });
  const sources = new Map(
    (await copySources(trx, ids)).map((source) => [String(source.id), source]),
  );
  await insertUnnest(
    trx,
    'release_parties',
    newPartyColumns,
    releases.map((release) => ({
      release_id: release.id,
      organization_id: target.id,
      position: release.party!.position + 1,
      received_from_organization_id: context.callerOrganizationId,
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
  // The recipient's copy, replacing any it kept from an earlier time in the chain.
  await trx.raw(
    `insert into release_pincodes (release_id, organization_id, encrypted_pincode)
     select * from unnest(?::bigint[], ?::integer[], ?::text[])
     on conflict (release_id, organization_id)
     do update set encrypted_pincode = excluded.encrypted_pincode, created_at = excluded.created_at`,
    [
      pincodes.map((row) => row.release_id),
      pincodes.map((row) => row.organization_id),
      pincodes.map((row) => row.encrypted_pincode),
    ],
  );
  return {
    ...none,
    releaseChange: { owner_organization_id: target.id },
    pincodesChanged: true,
    targetOf: () => target.id,
    descriptionOf: () => ({ to: target.name }),
  };
};

/**
 * Revoke: ownership returns to the revoking party; every later transfer along the chain is
 * undone (their rows inactive, their pincode copies deleted).
 */
export const revokeEffects: ActionEffects = async (trx, releases, context) => {
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
  await trx('release_parties')
    .whereRaw(
      ...anyOf(
        'id',
        releases.map((release) => release.party!.id),
        'bigint',
      ),
    )
    .update({
      transfer_status: 'owned',
      transferred_to_organization_id: null,
      updated_at: trx.fn.now(),
    });
  // A later party's assignment ends with its custody (the revoker, having transferred, had none).
  await trx('release_assignments')
    .whereRaw(
      ...anyOf(
        'release_id',
        releases.map((release) => release.id),
        'bigint',
      ),
    )
    .whereNot('organization_id', context.callerOrganizationId)
    .delete();
  return {
    ...none,
    releaseChange: { owner_organization_id: context.callerOrganizationId },
    pincodesChanged: true,
    targetOf: (release) => release.party!.transferredToOrganizationId,
    descriptionOf: (release) => ({ revokedFrom: namesOf.get(release.id) ?? [] }),
    formerParties,
    revokedFrom: releases[0]?.party?.transferredToOrganizationId ?? null,
  };
};

/** Block: the release status becomes blocked (the party copies follow). */
export const blockEffects: ActionEffects = async () => ({
  ...none,
  releaseChange: { release_status: 'blocked' },
  copiesChanged: true,
});

/**
 * Unblock: back to its unblocked state, released, or expired when its validity has passed, or
 * blocked for scanning while customs still holds its container for scan (its lights say so).
 */
export const unblockEffects: ActionEffects = async (trx, releases) => {
  const ids = releases.map((release) => release.id);
  const lights = new Map<string, GreenLights | null>();
  for (const row of await trx('releases')
    .whereRaw(...anyOf('id', ids, 'bigint'))
    .whereNotNull('green_lights')
    .select('id', 'green_lights')) {
    lights.set(String(row.id), row.green_lights as GreenLights);
  }
  const byStatus = new Map<string, (number | string)[]>();
  for (const release of releases) {
    const status = unblockedStatus(release, undefined, lights.get(String(release.id)));
    byStatus.set(status, [...(byStatus.get(status) ?? []), release.id]);
  }
  for (const [status, of] of byStatus) {
    await trx('releases')
      .whereRaw(...anyOf('id', of, 'bigint'))
      .update({ release_status: status });
  }
  return { ...none, copiesChanged: true };
};

/** Pincode retrieval: the caller's owned rows become pinRetrieved, no transfer from then on. */
export const pincodeEffects: ActionEffects = async (trx, releases) => {
  const owned = releases.filter((release) => release.party!.transferStatus === 'owned');
  if (owned.length > 0) {
    await trx('release_parties')
      .whereRaw(
        ...anyOf(
          'id',
          owned.map((release) => release.party!.id),
          'bigint',
        ),
      )
      .update({ transfer_status: 'pinRetrieved', updated_at: trx.fn.now() });
  }
  return none;
};

/**
 * Assign (releases spec §4 "Effects": assign sets assigned): one release_assignments row per
 * release, bound to the signed identification and the statement, replacing an earlier one of
 * the caller's; the caller's party row shows `assigned`.
 */
export const assignEffects: ActionEffects = async (trx, releases, context) => {
  const assignment = context.assignment!;
  const rows = releases.map((release) => ({
    release_id: release.id,
    organization_id: context.callerOrganizationId,
    assignee_type: assignment.type,
    identification: assignment.identification,
    identification_type: assignment.identificationType,
    assignee_name: assignment.name,
    visit_number: assignment.visitNumber,
    identification_salt: assignment.salt,
    statement_id: context.statementId ?? null,
    assigned_at: trx.fn.now(),
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await trx('release_assignments')
      .insert(rows.slice(i, i + 1000))
      .onConflict('release_id')
      .merge();
  }
  await setPartyStatus(trx, releases, 'assigned');
  // The identification by its commitment and masked (docs/ledger.md): the ledger, its bundles
  // and everyone in the chain read no clear identification here.
  const description = {
    assignee: {
      type: assignment.type,
      name: assignment.name,
      identificationType: assignment.identificationType,
      ...recordedIdentification(assignment),
    },
    ...(assignment.visitNumber ? { visitNumber: assignment.visitNumber } : {}),
  };
  return { ...none, descriptionOf: () => description };
};

/** Unassign (§4 "Effects": unassign reverses it): the rows go, the party row is owned again. */
export const unassignEffects: ActionEffects = async (trx, releases) => {
  const ids = releases.map((release) => release.id);
  const ended: { release_id: string; assignee_type: string; assignee_name: string }[] = await trx(
    'release_assignments',
  )
    .whereRaw(...anyOf('release_id', ids, 'bigint'))
    .delete()
    .returning(['release_id', 'assignee_type', 'assignee_name']);
  const endedOf = new Map(ended.map((row) => [String(row.release_id), row]));
  await setPartyStatus(trx, releases, 'owned');
  return {
    ...none,
    descriptionOf: (release) => {
      const row = endedOf.get(release.id);
      return row ? { unassigned: { type: row.assignee_type, name: row.assignee_name } } : null;
    },
  };
};

async function setPartyStatus(
  trx: Knex.Transaction,
  releases: CustodyRelease[],
  status: 'assigned' | 'owned',
) {
  const ids = releases.map((release) => release.party!.id);
  for (let i = 0; i < ids.length; i += 1000) {
    await trx('release_parties')
      .whereRaw(...anyOf('id', ids.slice(i, i + 1000), 'bigint'))
      .update({ transfer_status: status, updated_at: trx.fn.now() });
  }
}

/**
 * Transfer to and revoke from the PCS (issue 14 item 1): the in-between state and the PCS
 * message, in `releases/pcs/pcs-effects.ts`; the PCS's answer comes later.
 */
const pcsActionEffects =
  (action: 'transferToPcs' | 'revokeFromPcs'): ActionEffects =>
  async (trx, releases, context) => ({
    ...none,
    releaseChange: (await pcsEffects(action, trx, releases, context)).releaseChange,
  });

/** Releases spec §4 "Effects": each action's function. */
export const effectsOf: Record<CustodyAction, ActionEffects> = {
  transfer: transferEffects,
  revoke: revokeEffects,
  block: blockEffects,
  unblock: unblockEffects,
  pincode: pincodeEffects,
  assign: assignEffects,
  unassign: unassignEffects,
  transferToPcs: pcsActionEffects('transferToPcs'),
  revokeFromPcs: pcsActionEffects('revokeFromPcs'),
};

/** The pincode copies of some releases after a change, as hashes per organisation address. */
export async function pincodeCopies(trx: Knex.Transaction, ids: readonly string[]) {
  const rows = await trx('release_pincodes as c')
    .join('organizations as o', 'o.id', 'c.organization_id')
    .whereRaw(...anyOf('c.release_id', ids, 'bigint'))
    .select('c.release_id', 'o.address', 'c.encrypted_pincode');
  // A bulk action's copies are thousands of ciphertexts: hashed in the hash workers.
  const hashes = await sharedHashPool().keccak(rows.map((row) => row.encrypted_pincode));
  const copies = new Map<string, Record<string, string | null>>();
  rows.forEach((row, i) => {
    const key = String(row.release_id);
    const copy = copies.get(key) ?? {};
    copy[row.address] = hashes[i]!;
    copies.set(key, copy);
  });
  return copies;
}
