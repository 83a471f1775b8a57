import type { TransporterUnassign } from '@scr/domain';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user.ts';
import type { Application } from '../../declarations.ts';
import { createItsmeLink } from '../../itsme/itsme-link.ts';
import { applySignedUnassign } from '../../releases/assignment/index.ts';
import type { CustodyCaller, CustodyOutcome } from '../../releases/custody/custody-command.ts';

/**
 * The itsme registration link of a driver (access spec §4): e-mailed to the driver (`send`) or
 * only answered for the user to copy. Made in the PATCH's transaction, after its update.
 */
export function itsmeLink(
  app: Application,
  trx: Knex.Transaction,
  input: { driverId: number; user: SessionUser; send: boolean },
): Promise<{ link: string }> {
  return createItsmeLink(app, {
    driverId: input.driverId,
    organizationId: input.user.organizationId,
    send: input.send,
    db: trx,
  });
}

/**
 * Applies the signed unassign sent with a transporter PATCH (access spec §4: "the unassign is
 * done through the wallet") in the PATCH's transaction: the assignment's custody checks, the
 * ledger events, the assignment rows removed. The caller publishes the notices after commit.
 */
export function unassignForTransporter(
  trx: Knex.Transaction,
  caller: CustodyCaller,
  unassign: TransporterUnassign,
): Promise<CustodyOutcome> {
  return applySignedUnassign(trx, caller, unassign);
}
