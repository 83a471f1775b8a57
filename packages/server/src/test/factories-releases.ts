import { randomBytes } from 'node:crypto';
import { containerCheckDigit, type ContainerRow } from '@scr/domain';
import { Wallet } from 'ethers';
import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.ts';
import { appendEvents, recordStatement, serverStatement } from '../ledger/ledger.ts';
import type { ServerKey } from '../ledger/server-key.ts';
import { runCreateReleases } from '../releases/create-releases.ts';
import { partyCopies, copySources } from '../releases/party-copies.ts';
import type { CreateReleaseInput } from '../releases/prepare-releases.ts';
import type { ReleaseActor } from '../releases/release-actor.ts';
import { containerRowsFor } from '../releases/release-rows.ts';
import type { TestServer } from './start-app.ts';

/** The organisation a release factory acts for (what `createWalletOrganization` answers). */
export interface FactoryCarrier {
  id: number;
  address: string;
  users?: { id: number }[];
  /** The organisation's signing key, when the test holds it (`signedInOrganization`). */
  privateKey?: string;
}

/** Fields of a release to make; anything left out gets a unique or valid value. */
export type ReleaseFields = Partial<
  Record<
    keyof CreateReleaseInput['billOfLading'] | keyof CreateReleaseInput['container'],
    string | null
  >
>;

const blFields = new Set([
  'blNumber',
  'portOfLoading',
  'portOfDestination',
  'vessel',
  'agent',
  'stayNumber',
  'lloydsNumber',
  'voyageNumber',
  'termsHtml',
]);

/** A terminal of the test's own in Antwerp (created once per database), for pickupLocation. */
export async function releaseTerminal(
  knex: Knex,
  fields: { code?: string; securePickup?: boolean } = {},
): Promise<string> {
  await knex('ports')
    .insert({ locode: 'BEANR', name: 'Antwerp', country: 'BE' })
    .onConflict('locode')
    .ignore();
  const code = fields.code ?? `T${randomBytes(4).toString('hex').toUpperCase()}`;
  await knex('terminals')
    .insert({
      code,
      name: `Test terminal ${code}`,
      port_locode: 'BEANR',
      secure_pickup_enabled: fields.securePickup ?? false,
    })
    .onConflict('code')
    .ignore();
  return code;
}

/** A unique BL number and container number (ISO 6346-like), so tests never collide. */
export const uniqueBl = () => `TBL${randomBytes(5).toString('hex').toUpperCase()}`;
export const uniqueContainer = () => {
  const firstTen = `TSTU${String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0')}`;
  return `${firstTen}${containerCheckDigit(firstTen)}`;
};

/** A create payload (releases spec §3) with unique BL and container and a valid terminal. */
export async function releasePayload(
  knex: Knex,
  fields: ReleaseFields = {},
): Promise<CreateReleaseInput> {
  const pickupLocation = fields.pickupLocation ?? (await releaseTerminal(knex));
  const payload: CreateReleaseInput = {
    billOfLading: { blNumber: uniqueBl() },
    container: { containerNumber: uniqueContainer(), pickupLocation },
  };
  for (const [field, value] of Object.entries(fields)) {
    if (field === 'pickupLocation') continue;
    if (blFields.has(field)) (payload.billOfLading as Record<string, unknown>)[field] = value;
    else (payload.container as Record<string, unknown>)[field] = value;
  }
  return payload;
}

/**
 * Creates a release for a carrier (from `createWalletOrganization(knex, {role: 'carrier'})`) the
 * way the API does (same checks, party row, sealed pincode, ledger event), without HTTP, and
 * answers it as the carrier sees it. Throws when the fields do not validate.
 */
export async function createRelease(
  server: TestServer,
  carrier: FactoryCarrier,
  fields: ReleaseFields = {},
): Promise<ContainerRow> {
  const knex = server.knex;
  const actor: ReleaseActor = {
    organizationId: carrier.id,
    organizationAddress: carrier.address,
    organizationRole: 'carrier',
    userId: carrier.users?.[0]?.id ?? null,
    apiKeyId: null,
    label: carrier.users?.[0] ? `user:${carrier.users[0].id}` : 'system',
    seesTransferInfo: true,
  };
  const {
    created: [created],
  } = await runCreateReleases(
    knex,
    server.portal.app.get('serverKey'),
    actor,
    [await releasePayload(knex, fields)],
    {
      refuse: (errors) => {
        throw new Error(`release fields do not validate: ${JSON.stringify([...errors])}`);
      },
    },
  );
  const [row] = await containerRowsFor(knex, actor, [created!.id]);
  return row!;
}

/**
 * The signer of the transfers `addParty` records when the test does not give the previous
 * holder's key: a key of the kit's own, so such a chain replays (its rows are what its ledger
 * says) but its signatures do not verify.
 */
const fixtureWallet = Wallet.createRandom();
const fixtureKey: ServerKey = {
  address: fixtureWallet.address,
  sign: (text) => fixtureWallet.signMessageSync(text),
};

/**
 * Puts an organisation into a release's chain as the next party (as a transfer will), without
 * the signed two calls: the previous holder becomes `transferred`, the new one `owned`, with
 * the copied columns, and the ledger records the transfer, signed by the previous holder's key
 * (`signedBy`) or else the kit's (see above), by `userId` if given. For tests of visibility and the overview.
 */
export async function addParty(
  knex: Knex,
  releaseAddress: string,
  organizationId: number,
  options: { signedBy?: { privateKey?: string }; userId?: number } = {},
): Promise<void> {
  await inTransaction(knex, async (trx) => {
    const release = await trx('releases')
      .where({ address: releaseAddress })
      .forUpdate()
      .first('id', 'address', 'version');
    const last = await trx('release_parties')
      .where({ release_id: release.id })
      .orderBy('position', 'desc')
      .first('id', 'position', 'organization_id');
    await trx('release_parties')
      .where({ id: last.id })
      .update({ transfer_status: 'transferred', transferred_to_organization_id: organizationId });
    const [source] = await copySources(trx, [release.id]);
    await trx('release_parties').insert({
      release_id: release.id,
      organization_id: organizationId,
      position: last.position + 1,
      received_from_organization_id: last.organization_id,
      transfer_status: 'owned',
      ...partyCopies(source!),
    });
    const [updated] = await trx('releases')
      .where({ id: release.id })
      .update({ owner_organization_id: organizationId, version: trx.raw('version + 1') })
      .returning(['id', 'address', 'version']);
    const to = await trx('organizations').where({ id: organizationId }).first('address', 'name');
    const holderKey = options.signedBy?.privateKey ? new Wallet(options.signedBy.privateKey) : null;
    const key: ServerKey = holderKey
      ? { address: holderKey.address, sign: (text) => holderKey.signMessageSync(text) }
      : fixtureKey;
    const signed = serverStatement(key, {
      action: 'transfer',
      to: to.address,
      releases: [{ address: updated.address, version: release.version, pincodeHash: null }],
    });
    const statement = await recordStatement(trx, { ...signed, action: 'transfer' });
    await appendEvents(trx, [
      {
        release: { id: updated.id, address: updated.address, version: updated.version },
        operation: 'transfer',
        statement: statement!,
        sourceOrganizationId: last.organization_id,
        targetOrganizationId: organizationId,
        userId: options.userId ?? null,
        actor: options.userId ? `user:${options.userId}` : 'system',
        description: { to: to.name },
      },
    ]);
  });
}
