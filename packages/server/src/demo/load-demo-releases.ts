import {
  addDays,
  featuresFor,
  seesTransferInfo,
  type CustodyAction,
  type IsoDate,
  type Subscription,
} from '@scr/domain';
import type { Knex } from 'knex';
import {
  applyCustody,
  custodyDryRun,
  type CustodyCaller,
} from '../releases/custody/custody-command.ts';
import { signCustody, type CustodySigner } from '../releases/custody/sign-custody.ts';
import { runCreateReleases } from '../releases/create-releases.ts';
import type { CreateReleaseInput } from '../releases/prepare-releases.ts';
import type { ServerKey } from '../ledger/server-key.ts';
import type { DemoOrgKey } from './demo-organizations.ts';
import {
  demoBillsOfLading,
  demoBlockedContainer,
  demoReleaseActors,
  type DemoBillOfLading,
} from './demo-releases.ts';

/** A demo organisation as the loader knows it: its key is in memory only while loading. */
export interface DemoOrgSigner extends CustodySigner {
  id: number;
}

export interface DemoReleaseContext {
  serverKey: ServerKey;
  organizations: ReadonlyMap<DemoOrgKey, DemoOrgSigner>;
  today: IsoDate;
}

/** The create payloads of the demo BLs, one per container, valid from today. */
export function demoReleaseInputs(today: IsoDate): CreateReleaseInput[] {
  return demoBillsOfLading.flatMap((bl) =>
    bl.containers.map((container) => ({
      billOfLading: {
        blNumber: bl.blNumber,
        portOfLoading: bl.portOfLoading,
        portOfDestination: bl.portOfDestination,
        vessel: bl.vessel,
        voyageNumber: bl.voyageNumber,
        agent: bl.agent,
        stayNumber: bl.stayNumber,
        lloydsNumber: bl.lloydsNumber,
      },
      container: {
        ...container,
        validFrom: today,
        validUntil: addDays(today, bl.validForDays),
      },
    })),
  );
}

/**
 * Creates the demo carrier's releases and passes them along the chain with the real commands,
 * in the caller's transaction: created as carrier@demo.test would (server-signed `create`
 * events, pincodes sealed to the carrier), then transferred, and one blocked, each action a
 * dry run and a statement signed with the acting organisation's key, as its wallet would.
 * Answers the number of releases created; throws (and the caller rolls back) on any refusal.
 */
export async function loadDemoReleases(
  trx: Knex.Transaction,
  context: DemoReleaseContext,
): Promise<number> {
  const { serverKey, organizations, today } = context;
  const org = (key: DemoOrgKey) => organizations.get(key)!;
  const callers = new Map<DemoOrgKey, CustodyCaller>();
  const callerOf = async (key: DemoOrgKey): Promise<CustodyCaller> => {
    const known = callers.get(key);
    if (known) return known;
    // One query after the other (not loadSessionUser's Promise.all): a transaction has one connection.
    const user = await trx('users as u')
      .join('organizations as o', 'o.id', 'u.organization_id')
      .where({ 'u.email': demoReleaseActors[key], 'u.organization_id': org(key).id })
      .first('u.id', 'o.address', 'o.role');
    if (!user) throw new Error(`No demo user acts for ${key}.`);
    const subscriptions: Subscription[] = (
      await trx('subscriptions')
        .where({ organization_id: org(key).id })
        .orderBy('id')
    ).map((row) => ({
      subscriptionId: row.subscription_id,
      startDate: row.start_date,
      endDate: row.end_date,
    }));
    const overrides = await trx('organization_features')
      .where({ organization_id: org(key).id })
      .select('feature', 'enabled');
    const features = featuresFor(subscriptions, overrides, today);
    // As releaseActorOf makes it for the user signed in.
    const caller: CustodyCaller = {
      organizationId: org(key).id,
      organizationAddress: user.address,
      organizationRole: user.role,
      userId: user.id,
      apiKeyId: null,
      label: `user:${user.id}`,
      seesTransferInfo: seesTransferInfo(features),
      features,
    };
    callers.set(key, caller);
    return caller;
  };
  const act = async (
    key: DemoOrgKey,
    action: CustodyAction,
    addresses: string[],
    target?: DemoOrgKey,
  ) => {
    const caller = await callerOf(key);
    const dryRun = await custodyDryRun(
      trx,
      action,
      caller,
      addresses,
      target ? org(target).address : null,
    );
    if (dryRun.refused.length > 0) {
      const reasons = dryRun.refused.map((refused) => refused.reason).join(', ');
      throw new Error(`The demo ${action} by ${key} was refused: ${reasons}.`);
    }
    await applyCustody(trx, action, caller, await signCustody(org(key), action, dryRun));
  };

  const carrier = await callerOf('carrier');
  const { prepared, created } = await runCreateReleases(
    trx,
    serverKey,
    carrier,
    demoReleaseInputs(today),
    {
      today,
      refuse: (errors) => {
        throw new Error(`The demo releases do not validate: ${JSON.stringify([...errors])}`);
      },
    },
  );
  const addressOf = new Map(
    prepared.map((release) => [release.input.container.containerNumber, release.address]),
  );
  const addressesOf = (bills: readonly DemoBillOfLading[]) =>
    bills.flatMap((bl) => bl.containers.map((c) => addressOf.get(c.containerNumber)!));

  // Hop by hop along each BL's chain, one signed action per sender and receiver.
  const hops = Math.max(...demoBillsOfLading.map((bl) => bl.passedTo.length));
  for (let hop = 0; hop < hops; hop += 1) {
    const steps = new Map<
      string,
      { from: DemoOrgKey; to: DemoOrgKey; bills: DemoBillOfLading[] }
    >();
    for (const bl of demoBillsOfLading) {
      const to = bl.passedTo[hop];
      if (!to) continue;
      const from = hop === 0 ? 'carrier' : bl.passedTo[hop - 1]!;
      const step = steps.get(`${from}>${to}`) ?? { from, to, bills: [] };
      step.bills.push(bl);
      steps.set(`${from}>${to}`, step);
    }
    for (const { from, to, bills } of steps.values()) {
      await act(from, 'transfer', addressesOf(bills), to);
    }
  }
  await act('carrier', 'block', [addressOf.get(demoBlockedContainer)!]);
  return created.length;
}
