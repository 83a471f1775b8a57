import { randomBytes, randomUUID } from 'node:crypto';
import { loadSessionUser } from '../auth/session-user.ts';
import { createWalletOrganization, type FactoryUser } from './factories.ts';
import type { TestServer } from './start-app.ts';

/** What an API test reads of an answer. */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
  body: any;
}

/** Calls `/api/{path}` as a person (bearer token) or a machine (`ApiKey`), JSON in and out. */
export function apiCaller(server: Pick<TestServer, 'baseUrl'>) {
  return async (
    path: string,
    options: { method?: string; token?: string; apiKey?: string; body?: unknown } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.apiKey) headers.authorization = `ApiKey ${options.apiKey}`;
    const response = await fetch(`${server.baseUrl}/api/${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

/** An organisation of the test's own with signed-in users: `tokens[i]` belongs to `users[i]`. */
export async function signedInOrganization(
  server: TestServer,
  options: {
    role?: 'carrier' | 'terminal' | 'other';
    users?: FactoryUser[];
    fields?: Record<string, unknown>;
  } = {},
) {
  const org = await createWalletOrganization(server.knex, {
    role: options.role,
    users: options.users ?? [{ isAdmin: true }, {}],
    fields: options.fields,
  });
  const tokens = await Promise.all(org.users.map((user) => tokenFor(server, user.id)));
  return { ...org, tokens };
}

export type SignedInOrganization = Awaited<ReturnType<typeof signedInOrganization>>;

/**
 * An access token of a fresh session, as signing in would give (second factor done). The
 * wallet sign-in itself is tested elsewhere; this keeps admin tests fast and clear of its limits.
 */
export async function tokenFor(server: TestServer, userId: number): Promise<string> {
  const user = await loadSessionUser(server.knex, userId);
  if (!user) throw new Error(`no active user ${userId}`);
  const id = randomUUID();
  await server
    .knex('auth_sessions')
    .insert({ id, user_id: userId, two_factor_validated_at: new Date() });
  const answer = await server.portal.app
    .service('authentication')
    .answer(user, { id, twoFactorPending: false }, 'wallet');
  return answer.accessToken;
}

/**
 * The cast of the admin tests: organisations A and B, each with an admin (`tokens[0]`) and a
 * plain user (`tokens[1]`), and a support desk with a support user.
 */
export async function adminCast(server: TestServer) {
  const [a, b, desk] = await Promise.all([
    signedInOrganization(server),
    signedInOrganization(server),
    signedInOrganization(server, { users: [{ isSupport: true }] }),
  ]);
  return { a, b, support: desk.tokens[0]!, desk };
}

/** A name no other test uses. */
export const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;
