import { custodyServicePaths, type CustodyDryRunAnswer, type PcsAction } from '@scr/domain';
import { PcsStandIn } from '../adapters/pcs/pcs-stand-in.ts';
import { apiCaller } from './admin-kit.ts';
import { signCall, type Acting } from './custody.ts';
import { addParty, createRelease, type FactoryCarrier } from './factories-releases.ts';
import type { TestServer } from './start-app.ts';
import { waitFor } from './wait-for.ts';

/** The stand-in PCS a test app runs (outside production, no PCS_URL). */
export function standInOf(server: TestServer): PcsStandIn {
  const standIn = server.portal.app.get('pcs')?.standIn;
  if (!(standIn instanceof PcsStandIn)) throw new Error('the test app runs no stand-in PCS');
  return standIn;
}

/**
 * Both calls of a PCS action through the API (`PUT releases/pcs/*`, releases spec §7; DESIGN §3):
 * the dry run, then the statement signed over it as the wallet would. `act` answers both; a dry
 * run that is not 200 is answered as both.
 */
export function pcsCaller(server: TestServer) {
  const api = apiCaller(server);
  const put = (acting: Acting, action: PcsAction, body: unknown) =>
    api(custodyServicePaths[action], { method: 'PUT', token: acting.token, body });
  const dryRun = (acting: Acting, action: PcsAction, addresses: string[]) =>
    put(acting, action, { dryRun: true, releaseAddresses: addresses });
  const act = async (acting: Acting, action: PcsAction, addresses: string[]) => {
    const first = await dryRun(acting, action, addresses);
    if (first.status !== 200) return { dryRun: first, applied: first };
    const signed = await signCall(acting, action, first.body as CustodyDryRunAnswer);
    const { release_addresses: releaseAddresses, ...rest } = signed;
    return { dryRun: first, applied: await put(acting, action, { ...rest, releaseAddresses }) };
  };
  return { api, put, dryRun, act };
}

/**
 * A release of the carrier whose EDI names the supported PCS (releases spec §3 `ediPcs`), held
 * by `holder` (carrier → holder), as a PCS action starts from.
 */
export async function pcsRelease(
  server: TestServer,
  carrier: FactoryCarrier,
  holder: { id: number },
  ediPcs: string | null = 'C-Point',
) {
  const release = await createRelease(server, carrier);
  await server.knex('releases').where({ address: release.address }).update({ edi_pcs: ediPcs });
  await addParty(server.knex, release.address, holder.id, { signedBy: carrier });
  return release;
}

/** The release's PCS columns and the holder's transfer status. */
export async function pcsState(server: TestServer, address: string, holder: { id: number }) {
  const release = await server
    .knex('releases')
    .where({ address })
    .first('id', 'version', 'pcs_status', 'sent_to_pcs', 'pcs_reference');
  const party = await server
    .knex('release_parties')
    .where({ release_id: release.id, organization_id: holder.id, active: true })
    .first('transfer_status');
  return {
    pcsStatus: release.pcs_status as string | null,
    sentToPcs: release.sent_to_pcs as boolean,
    reference: release.pcs_reference as string | null,
    transferStatus: party?.transfer_status as string | undefined,
    version: release.version as number,
  };
}

/**
 * Lets the app's outbox worker send the pending PCS messages now (instead of after their
 * back-off), and waits until none is pending.
 */
export async function deliverPendingPcs(server: TestServer) {
  const knex = server.knex;
  await knex('outbox')
    .where({ topic: 'pcs' })
    .whereNull('delivered_at')
    .update({ available_at: knex.fn.now() });
  await server.portal.app.get('outbox')!.wake();
  await waitFor('the PCS messages to be answered', async () => {
    const open = await knex('pcs_messages').whereNot('status', 'done').first('id', 'status');
    if (!open) return true;
    await knex('outbox')
      .where({ topic: 'pcs' })
      .whereNull('delivered_at')
      .update({ available_at: knex.fn.now() });
    await server.portal.app.get('outbox')!.wake();
    return false;
  });
}
