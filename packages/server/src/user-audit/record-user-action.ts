import type { Knex } from 'knex';

/**
 * The operations people do outside the release ledger (access spec §7 "user-audit-trail create
 * with operation and description (login, add driver, etc.)"), and the admin's making and
 * revoking of a system's machine wallet user (README "The API for systems").
 */
export type UserOperation =
  | 'login'
  | `${'add' | 'edit' | 'deactivate'} ${'driver' | 'barge' | 'train'}`
  | `${'add' | 'revoke'} machine wallet user`;

/**
 * Records one operation of a person in `user_audit_trail`, in the caller's transaction so the
 * entry exists exactly when the change does.
 */
export async function recordUserAction(
  trx: Knex.Transaction | Knex,
  entry: {
    organizationId: number;
    userId: number;
    operation: UserOperation;
    description: Record<string, unknown>;
  },
): Promise<void> {
  await trx('user_audit_trail').insert({
    organization_id: entry.organizationId,
    user_id: entry.userId,
    operation: entry.operation,
    description: JSON.stringify(entry.description),
  });
}
