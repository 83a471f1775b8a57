import { randomInt } from 'node:crypto';
import {
  custodyServicePaths,
  type CustodyAction,
  type CustodyApplyRequest,
  type CustodyDryRunAnswer,
} from '@scr/domain';
import type { Knex } from 'knex';
import { signCustody, type SignCustodyOptions } from '../releases/custody/sign-custody.ts';
import { apiCaller, signedInOrganization, type SignedInOrganization } from './admin-kit.ts';
import type { TestServer } from './start-app.ts';

/** A fresh six-digit pincode for a test release. */
export const newPincode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** An organisation that acts: its address, its key (as its wallet holds it) and a session. */
export interface Acting {
  address: string;
  privateKey: string;
  token: string;
}

/** A finalised connection between two organisations (releases spec §6). */
export async function connect(knex: Knex, a: { id: number }, b: { id: number }) {
  await knex('organization_connections').insert({
    organization_id: a.id,
    connected_organization_id: b.id,
    status: 'finalized',
  });
}

type OrganizationOptions = NonNullable<Parameters<typeof signedInOrganization>[1]>;

/**
 * The chain a release travels (releases spec §6), one organisation of the test's own per link,
 * signed in, each connected to the next: `[carrier, forwarder, haulier]` for three links. The
 * first is a carrier unless its options name another role.
 */
export async function signedInChain<const Links extends readonly OrganizationOptions[]>(
  server: TestServer,
  links: Links,
): Promise<{ -readonly [K in keyof Links]: SignedInOrganization }> {
  const chain = await Promise.all(
    links.map((options, index) =>
      signedInOrganization(server, index === 0 ? { role: 'carrier', ...options } : options),
    ),
  );
  for (const [index, org] of chain.entries())
    if (index > 0) await connect(server.knex, chain[index - 1]!, org);
  return chain as { -readonly [K in keyof Links]: SignedInOrganization };
}

/**
 * The browser's part of a custody action, done as the wallet would (DESIGN §3): reseal each
 * pincode to the target, build and sign one statement. `tweak` lets a test forge the call.
 */
export function signCall(
  acting: Acting,
  action: CustodyAction,
  dryRun: CustodyDryRunAnswer,
  options: SignCustodyOptions = {},
) {
  return signCustody(acting, action, dryRun, options);
}

/** Both calls of a custody action through the API; answers the dry run and the second answer. */
export function custodyCaller(server: Pick<TestServer, 'baseUrl'>) {
  const api = apiCaller(server);
  const dryRun = (acting: Acting, action: CustodyAction, addresses: string[], target?: string) =>
    api(custodyServicePaths[action], {
      method: 'POST',
      token: acting.token,
      body: {
        dryRun: true,
        release_addresses: addresses,
        ...(target ? { target_organization_address: target } : {}),
      },
    });
  const act = async (
    acting: Acting,
    action: CustodyAction,
    addresses: string[],
    target?: string,
    options?: Parameters<typeof signCall>[3],
  ) => {
    const first = await dryRun(acting, action, addresses, target);
    if (first.status !== 201) return { dryRun: first, applied: first };
    const body = await signCall(acting, action, first.body, options);
    const applied = await api(custodyServicePaths[action], {
      method: 'POST',
      token: acting.token,
      body,
    });
    return { dryRun: first, applied, body };
  };
  return { api, dryRun, act };
}

/** Spec §7 `releases/assignment/*`: the assignment actions and their service paths. */
export type AssignmentAction = 'assign' | 'unassign';

/**
 * The assignee fields of an assign call (releases spec §7, DESIGN §3), as a test sends them:
 * loose, so a test can send a missing or mismatched one. Unassign sends none.
 */
export interface AssigneeInput {
  type?: string;
  identification?: string;
  identificationType?: string;
  visitNumber?: string | null;
}

/** The second call of an assignment action as sent: the signed releases as `releaseAddresses`. */
export type AssignmentApplyBody = Omit<CustodyApplyRequest, 'release_addresses'> & {
  releaseAddresses: CustodyApplyRequest['release_addresses'];
};

/** Signing options of an assignment action; `body` lets a test forge the second call's body. */
export type AssignmentActOptions = SignCustodyOptions & {
  body?: (body: AssignmentApplyBody) => object;
};

/**
 * Both calls of assign and unassign through the API (`PUT releases/assignment/*`, DESIGN §3
 * "Secure pick-up: assignment and the gate"): the dry run, then the statement signed over it as
 * the wallet would. `act` answers the dry run, the second answer and the body sent; a dry run
 * that is not 200 is answered as both.
 */
export function assignmentCaller(server: TestServer) {
  const api = apiCaller(server);
  const put = (acting: Acting, path: string, body: unknown) =>
    api(path, { method: 'PUT', token: acting.token, body });
  const dryRun = (
    acting: Acting,
    action: AssignmentAction,
    addresses: string[],
    assignee: AssigneeInput = {},
  ) =>
    put(acting, custodyServicePaths[action], {
      dryRun: true,
      releaseAddresses: addresses,
      ...assignee,
    });
  const act = async (
    acting: Acting,
    action: AssignmentAction,
    addresses: string[],
    assignee: AssigneeInput = {},
    options: AssignmentActOptions = {},
  ) => {
    const first = await dryRun(acting, action, addresses, assignee);
    if (first.status !== 200) return { dryRun: first, applied: first };
    const signed = await signCall(acting, action, first.body as CustodyDryRunAnswer, options);
    const { release_addresses: releaseAddresses, ...rest } = signed;
    const sent: AssignmentApplyBody = { ...rest, releaseAddresses };
    const body = options.body ? options.body(sent) : sent;
    return { dryRun: first, applied: await put(acting, custodyServicePaths[action], body), body };
  };
  return { api, put, dryRun, act };
}

/** An organisation of `signedInOrganization`: its second user (not the admin) acts. */
export const actingAs = (org: {
  address: string;
  privateKey: string;
  tokens: string[];
}): Acting => ({ address: org.address, privateKey: org.privateKey, token: org.tokens[1]! });

/**
 * Everything a custody action could change about a release (the release, its chain rows, its
 * pincode copies, its events and the statements naming it), to compare before and after a
 * refused call: a refusal must change nothing.
 */
export async function releaseSnapshot(knex: Knex, address: string) {
  const release = await knex('releases')
    .where({ address })
    .first('id', 'version', 'owner_organization_id', 'release_status', 'sent_to_pcs');
  const parties = await knex('release_parties')
    .where({ release_id: release.id })
    .orderBy('id')
    .select(
      'id',
      'organization_id',
      'position',
      'transfer_status',
      'transferred_to_organization_id',
      'active',
    );
  const pincodes = await knex('release_pincodes')
    .where({ release_id: release.id })
    .orderBy('organization_id')
    .select('organization_id', 'encrypted_pincode');
  const [events] = await knex('release_events').where({ release_id: release.id }).count({ n: '*' });
  // Statements naming the release (the database may be shared with other test files).
  const [statements] = await knex('ledger_statements')
    .whereRaw('lower(statement) like ?', [`%${address.toLowerCase()}%`])
    .count({ n: '*' });
  return {
    release,
    parties,
    pincodes,
    events: Number(events!.n),
    statements: Number(statements!.n),
  };
}
