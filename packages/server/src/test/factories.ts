import { randomBytes } from 'node:crypto';
import {
  createOrganisationKeys,
  KnexKeystoreStore,
  provisionOrganisationWallet,
} from '@scr/wallet';
import type { Knex } from 'knex';
import { recordProvisionedUsers } from '../auth/sign-in-keys.ts';

/** A random organisation address (0x + 40 hex digits, as the schema requires). */
export function randomAddress(): string {
  return `0x${randomBytes(20).toString('hex')}`;
}

/** Inserts an organisation of its own for one test; tests never share rows. */
export async function createOrganization(
  db: Knex | Knex.Transaction,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; address: string; name: string }> {
  const [row] = await db('organizations')
    .insert({
      name: `Test Organisation ${randomBytes(3).toString('hex')}`,
      address: randomAddress(),
      role: 'other',
      country: 'BE',
      ...fields,
    })
    .returning(['id', 'address', 'name']);
  return row;
}

/** A user to create with `createWalletOrganization`. */
export interface FactoryUser {
  email?: string;
  isAdmin?: boolean;
  isSupport?: boolean;
  twoFactorByEmail?: boolean;
  /** Has not accepted the current EULA (if any) nor the terms. */
  newcomer?: boolean;
}

/**
 * The scrypt cost of every keystore the tests make (2^10; production's is 2^17, 0.2 to 0.5 s of
 * CPU per derivation here): the factories' users, the test apps' cloud wallets (start-app.ts)
 * and the system wallet.
 */
export const testScryptN = 1 << 10;

/** The password of every factory-made wallet user. */
export const factoryPassword = 'factory-password';

/**
 * An organisation with real keys in the cloud wallet and users who can sign in with
 * `factoryPassword`, plus active subscriptions (plans 1 and 4 unless told otherwise).
 */
export async function createWalletOrganization(
  db: Knex,
  options: {
    role?: 'carrier' | 'terminal' | 'other';
    users?: FactoryUser[];
    plans?: { subscriptionId: number; startDate: string; endDate: string | null }[];
    fields?: Record<string, unknown>;
  } = {},
) {
  const keys = await createOrganisationKeys();
  const org = await createOrganization(db, {
    role: options.role ?? 'other',
    address: keys.address,
    sealing_public_key: keys.sealingPublicKey,
    ...options.fields,
  });
  const plans = options.plans ?? [
    { subscriptionId: 1, startDate: '2020-01-01', endDate: null },
    { subscriptionId: 4, startDate: '2020-01-01', endDate: null },
  ];
  if (plans.length > 0) {
    await db('subscriptions').insert(
      plans.map((plan) => ({
        organization_id: org.id,
        subscription_id: plan.subscriptionId,
        start_date: plan.startDate,
        end_date: plan.endDate,
      })),
    );
  }
  const eula = await db('eulas').orderBy('id', 'desc').first('id');
  const specs = options.users ?? [{ isAdmin: true }];
  const users = await db('users')
    .insert(
      specs.map((spec) => ({
        email: spec.email ?? `user-${randomBytes(4).toString('hex')}@factory.test`,
        first_name: 'Test',
        last_name: `User ${randomBytes(2).toString('hex')}`,
        organization_id: org.id,
        is_admin: spec.isAdmin ?? false,
        is_support: spec.isSupport ?? false,
        two_factor_auth: spec.twoFactorByEmail ? 'email' : null,
        terms_accepted_at: spec.newcomer ? null : db.fn.now(),
        eula_accepted_id: spec.newcomer ? null : (eula?.id ?? null),
      })),
    )
    .returning(['id', 'email', 'is_admin']);
  const wallet = await provisionOrganisationWallet({
    store: new KnexKeystoreStore(db),
    privateKey: keys.privateKey,
    scryptN: testScryptN,
    users: users.map((user: { id: number; is_admin: boolean }) => ({
      userId: String(user.id),
      password: factoryPassword,
      type: user.is_admin ? ('admin' as const) : ('user' as const),
    })),
  });
  await recordProvisionedUsers(db, wallet.users);
  return {
    ...org,
    privateKey: keys.privateKey,
    users: users as { id: number; email: string; is_admin: boolean }[],
  };
}
