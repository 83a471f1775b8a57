import type { APIRequestContext, APIResponse } from '@playwright/test';
import {
  custodyCallMethod,
  custodyServicePaths,
  releaseDefaults,
  servicePaths,
  type AssignmentFields,
  type ContainerRow,
  type CustodyAction,
  type CustodyApplyResult,
  type CustodyDryRunAnswer,
  type Driver,
  type FindUserResult,
  type IsoDate,
  type OrganizationLookup,
  type ReleaseEdit,
  type TransporterCreateAnswer,
  type WalletItemResult,
  type WalletUnlockAnswer,
} from '@scr/domain';
import {
  completeCustody,
  custodyDryRun,
  type CustodyActionCalls,
  type CustodyOutcome,
  type CustodyWallet,
} from '../../packages/web/src/features/releases/custody/custody-flow.ts';
import { forwarderName, haulierName } from './demo.ts';
import { demoPassword } from './releases.ts';

/*
 * Issue 10 §7: a journey sets up through the API what it does not test. A carrier's create
 * dialog, its upload and the chain's transfer dialogs have journeys of their own (releases.spec,
 * custody.spec, assignment.spec); a journey about the dashboard, the terminal or a driver's
 * deactivation only needs their result. Walking them in a browser cost such a journey a page and
 * several core-seconds (the 15 journeys of the eight files that use this took 287 and 306
 * core-seconds before, 234 and 268 after, two workers, taken in turns). Here they are the same
 * HTTP calls the browser makes, through the same code: the sign-in of DESIGN §3 with the
 * organisation's cloud wallet, and the web's custody flow (`custody-flow.ts`: dry run, reseal to
 * the target, one signed statement, apply).
 */

/** One demo user signed in through the API, with its organisation's cloud wallet unlocked. */
export interface ApiParty {
  email: string;
  request: APIRequestContext;
  accessToken: string;
  wallet: WalletUnlockAnswer;
}

/** The JSON of an answer, or a failure that says which call failed and what the server said. */
async function json<T>(answer: APIResponse, call: string): Promise<T> {
  if (!answer.ok()) {
    throw new Error(`${call} answered ${answer.status()}: ${await answer.text()}`);
  }
  return (await answer.json()) as T;
}

/**
 * DESIGN §3 "Signing in", as the login screen does it (`features/login/wallet-login.ts`): the
 * user behind the e-mail, the cloud wallet unlocked with the password, the server's challenge
 * signed by the user's personal key, exchanged for an access token.
 */
export async function signInThroughApi(
  request: APIRequestContext,
  email: string,
): Promise<ApiParty> {
  const found = await json<FindUserResult>(
    await request.get(`/api/${servicePaths.findUser}`, { params: { email } }),
    'find-user',
  );
  const user = found.data[0];
  if (found.data.length !== 1 || !user)
    throw new Error(`${email}: not one user of one organisation`);
  const wallet = await json<WalletUnlockAnswer>(
    await request.post('/wallet/unlock', {
      data: { userId: String(user.id), password: demoPassword },
    }),
    'wallet unlock',
  );
  const { message } = await json<{ message: string }>(
    await request.post(`/api/${servicePaths.authenticationChallenges}`, {
      data: { address: wallet.userAddress },
    }),
    'authentication-challenges',
  );
  const { signature } = await json<{ signature: string }>(
    await request.post('/wallet/sign', {
      headers: { authorization: `Bearer ${wallet.token}` },
      data: { message, as: 'user' },
    }),
    'wallet sign-in signature',
  );
  const { accessToken, twoFactorRequired } = await json<{
    accessToken: string;
    twoFactorRequired?: boolean;
  }>(
    await request.post(`/api/${servicePaths.authentication}`, {
      data: { strategy: 'wallet', userId: user.id, message, signature },
    }),
    'authentication',
  );
  // That token reaches only the two-factor endpoints (sign-in.spec walks that step).
  if (twoFactorRequired) throw new Error(`${email} needs a second factor: not for setting up`);
  return { email, request, accessToken, wallet };
}

function bearer(party: ApiParty) {
  return { authorization: `Bearer ${party.accessToken}` };
}

/** A release as the carrier's create dialog sends it; the dates default as the dialog's do. */
export interface NewRelease {
  bl: string;
  container: string;
  pickupLocation: string;
  pincode: string;
  validUntil?: IsoDate;
  vessel?: string;
  turnInReference?: string;
}

/**
 * Releases spec §3 "Create payload": `POST /api/releases` per release, the pincode in clear
 * over TLS, which the server seals to the carrier at once (DESIGN §3), as the create dialog
 * sends it. Answers each release's address.
 */
export async function publishReleases(carrier: ApiParty, releases: NewRelease[]) {
  const defaults = releaseDefaults();
  const addresses: string[] = [];
  for (const release of releases) {
    const created = await json<ContainerRow>(
      await carrier.request.post(`/api/${servicePaths.releases}`, {
        headers: bearer(carrier),
        data: {
          billOfLading: { blNumber: release.bl, vessel: release.vessel ?? null },
          container: {
            containerNumber: release.container,
            isoTypeCode: defaults.isoTypeCode,
            pickupLocation: release.pickupLocation,
            validFrom: defaults.validFrom,
            validUntil: release.validUntil ?? defaults.validUntil,
            turnInReference: release.turnInReference ?? null,
            pincode: release.pincode,
          },
        },
      }),
      `create ${release.container}`,
    );
    addresses.push(created.address);
  }
  return addresses;
}

/**
 * Releases spec §7 `PATCH releases/:address`: the carrier edits one release, as the edit
 * dialog sends it.
 */
export async function editThroughApi(carrier: ApiParty, address: string, edit: ReleaseEdit) {
  await json<unknown>(
    await carrier.request.patch(`/api/${servicePaths.releases}/${address}`, {
      headers: bearer(carrier),
      data: edit,
    }),
    `edit ${address}`,
  );
}

/** The custody calls over HTTP, as `custody-api.ts` makes them through the Feathers client. */
function custodyCalls(party: ApiParty): CustodyActionCalls {
  const call = async <T>(action: CustodyAction, body: object, step: string) => {
    const url = `/api/${custodyServicePaths[action]}`;
    const options = { headers: bearer(party), data: body };
    const update = custodyCallMethod(action) === 'update';
    return json<T>(
      await (update ? party.request.put(url, options) : party.request.post(url, options)),
      `${action} ${step}`,
    );
  };
  return {
    custodyDryRun: (action, body) => call<CustodyDryRunAnswer>(action, body, 'dry run'),
    custodyApply: (action, body) => call<CustodyApplyResult>(action, body, 'apply'),
  };
}

/** The organisation's cloud wallet, as `use-wallet-access.tsx` reaches it with the unlock's token. */
function cloudWallet(party: ApiParty): CustodyWallet {
  const post = async <T>(path: string, data: object) =>
    json<T>(
      await party.request.post(`/wallet${path}`, {
        headers: { authorization: `Bearer ${party.wallet.token}` },
        data,
      }),
      `wallet ${path}`,
    );
  return {
    sign: async (message) => (await post<{ signature: string }>('/sign', { message })).signature,
    reseal: async (targetPublicKey, items) =>
      (
        await post<{ items: WalletItemResult<{ encryptedPincode: string }>[] }>(
          '/pincodes/reseal',
          { targetPublicKey, items },
        )
      ).items,
    open: async (items) =>
      (await post<{ items: WalletItemResult<{ pincode: string }>[] }>('/pincodes/open', { items }))
        .items,
  };
}

/**
 * One custody action through the web's own flow: the dry run, then (a transfer) the wallet
 * reseals each pincode to the target, the organisation's key signs the one statement, and the
 * apply. Fails unless every release was applied, with what was refused or failed.
 */
async function act(
  party: ApiParty,
  action: CustodyAction,
  addresses: string[],
  extra: { targetAddress?: string; assignment?: AssignmentFields } = {},
): Promise<CustodyOutcome> {
  const deps = {
    api: custodyCalls(party),
    wallet: cloudWallet(party),
    by: party.wallet.address,
    now: Date.now,
  };
  const dryRun = await custodyDryRun(
    deps,
    action,
    addresses,
    extra.targetAddress,
    extra.assignment,
  );
  const outcome = await completeCustody(dryRun, deps);
  if (outcome.applied.length !== addresses.length) {
    const { refused, failed } = outcome;
    throw new Error(`${action} by ${party.email}: ${JSON.stringify({ refused, failed })}`);
  }
  return outcome;
}

/**
 * Releases spec §4 "Transfer": passes the releases to the organisation named `targetName`, one
 * of the party's finalised connections, as the transfer dialog offers them.
 */
export async function transferThroughApi(party: ApiParty, addresses: string[], targetName: string) {
  const own = await json<{ connections?: OrganizationLookup[] }>(
    await party.request.get(`/api/${servicePaths.organizations}/0`, { headers: bearer(party) }),
    'own organisation',
  );
  const target = own.connections?.find((connection) => connection.name === targetName);
  if (!target) throw new Error(`${party.email} has no connection named ${targetName}`);
  return act(party, 'transfer', addresses, { targetAddress: target.address });
}

/** Releases spec §4 "Block": the carrier blocks the releases, as the block dialog does. */
export function blockThroughApi(carrier: ApiParty, addresses: string[]) {
  return act(carrier, 'block', addresses);
}

/**
 * The demo chain: carrier@ publishes the releases and passes them to forwarder@, who passes them
 * to haulier@. Answers the releases' addresses.
 */
export async function publishedToHaulier(request: APIRequestContext, releases: NewRelease[]) {
  const carrier = await signInThroughApi(request, 'carrier@demo.test');
  const addresses = await publishReleases(carrier, releases);
  await transferThroughApi(carrier, addresses, forwarderName);
  const forwarder = await signInThroughApi(request, 'forwarder@demo.test');
  await transferThroughApi(forwarder, addresses, haulierName);
  return addresses;
}

/** Access spec §7 "Transporters": a new driver of the party's organisation, by alfaPass. */
export async function addDriverThroughApi(
  party: ApiParty,
  driver: { firstName: string; lastName: string; alfaPass: string },
): Promise<Driver> {
  const answer = await json<TransporterCreateAnswer<Driver>>(
    await party.request.post(`/api/${servicePaths.drivers}`, {
      headers: bearer(party),
      data: driver,
    }),
    'create driver',
  );
  if (!answer.isNew || !answer.result) throw new Error(`driver ${driver.lastName} exists already`);
  return answer.result;
}

/**
 * Releases spec §7 `releases/assignment/assign`: assigns the releases to a driver by alfaPass
 * (terminals that identify drivers so, like the demo's 1742), as the assign dialog does.
 */
export function assignThroughApi(
  party: ApiParty,
  addresses: string[],
  driver: { alfaPass: string },
  visitNumber: string | null = null,
) {
  return act(party, 'assign', addresses, {
    assignment: {
      type: 'driver',
      identification: driver.alfaPass,
      identificationType: 'alfapass',
      visitNumber,
    },
  });
}
