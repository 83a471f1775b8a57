import {
  changeRefusal,
  isSecurePickup,
  statusAfterValidityEdit,
  todayInBrussels,
  validateReleaseEdit,
  type EditableField,
  type IsoDate,
  type ReleaseEdit,
} from '@scr/domain';
import type { Knex } from 'knex';
import { enqueueReleaseUpdateMails } from '../mail/release-mails.ts';
import { fromReleaseErrors, keysOf } from './field-errors.ts';
import { appendActorEvents, lockCarrierReleases, releaseForChange } from './locked-releases.ts';
import { refreshPartyCopies } from './party-copies.ts';
import type { ReleaseActor } from './release-actor.ts';
import type { ServerKey } from '../ledger/server-key.ts';

/** What became of one addressed release in a command. */
export interface CommandOutcome {
  address: string;
  /** Set when the release was changed. */
  id?: string;
  error?: string;
  /** With error `validation_failed`: field → translation key. */
  fields?: Record<string, string>;
}

/** Edit fields that live on the BL (releases spec §3): they change it for all its releases. */
const blColumns: Partial<Record<EditableField, string>> = {
  portOfLoading: 'port_of_loading',
  portOfDestination: 'port_of_destination',
  vessel: 'vessel',
  stayNumber: 'stay_number',
  lloydsNumber: 'lloyds_number',
  voyageNumber: 'voyage_number',
};
const releaseColumns: Partial<Record<EditableField, string>> = {
  pickupLocation: 'pickup_location',
  validUntil: 'valid_until',
  turnInLocation: 'turn_in_location',
  turnInReference: 'turn_in_reference',
  turnInLocationBarge: 'turn_in_location_barge',
  turnInReferenceBarge: 'turn_in_reference_barge',
  turnInLocationRail: 'turn_in_location_rail',
  turnInReferenceRail: 'turn_in_reference_rail',
};

/**
 * Releases spec §3 "Edit form fields", §5: applies one checked edit to the acting carrier's
 * releases in the caller's transaction, each locked, refused when deleted, picked up or
 * archived, or (with `version`) changed since. Per release: version + 1, an `edit` event signed
 * by the server's key; BL fields change the BL; every party row's copies follow; the chain's
 * update e-mail is queued. An expired release whose validUntil moves to today or later is
 * released again.
 */
export async function editReleases(
  trx: Knex.Transaction,
  serverKey: ServerKey,
  actor: ReleaseActor,
  addresses: readonly string[],
  edit: ReleaseEdit,
  options: {
    terminalCodes: ReadonlySet<string>;
    version?: number;
    today?: IsoDate;
    /** The portal's public address, for the link in the update e-mail. */
    portalUrl?: string | null;
  },
): Promise<CommandOutcome[]> {
  const today = options.today ?? todayInBrussels();
  const addressed = await lockCarrierReleases(trx, actor, addresses);
  const outcomes: CommandOutcome[] = addressed.map(({ address, release, error }) => {
    if (!release) return { address, error };
    const closed = changeRefusal('edit', releaseForChange(release));
    if (closed) return { address, error: closed };
    if (options.version !== undefined && options.version !== release.version) {
      return { address, error: 'conflict' };
    }
    const errors = fromReleaseErrors(
      validateReleaseEdit(edit, {
        today,
        terminalCodes: options.terminalCodes,
        validFrom: release.valid_from,
        source: 'api',
      }),
      edit,
    );
    if (Object.keys(errors).length > 0) {
      return { address, error: 'validation_failed', fields: keysOf(errors) };
    }
    return { address, id: String(release.id) };
  });
  const ids = outcomes.flatMap((outcome) => (outcome.id ? [outcome.id] : []));
  if (ids.length === 0) return outcomes;

  const releaseChanges = columnsOf(edit, releaseColumns);
  if (edit.pickupLocation) {
    const terminal = await trx('terminals')
      .where({ code: edit.pickupLocation })
      .first('port_locode', 'secure_pickup_enabled');
    // The acting carrier's own releases: its enablement is the carrier's half (spec §6).
    const carrier = await trx('organizations')
      .where({ id: actor.organizationId })
      .first('secure_pickup_enabled');
    releaseChanges.pickup_port = terminal.port_locode;
    releaseChanges.is_secure_pickup = isSecurePickup({
      terminalSecurePickup: terminal.secure_pickup_enabled,
      carrierSecurePickup: carrier.secure_pickup_enabled,
    });
  }
  if (edit.validUntil) {
    // Domain `statusAfterValidityEdit` decides what an expired release becomes.
    releaseChanges.release_status = trx.raw(
      `case when release_status = 'expired' then ? else release_status end`,
      [statusAfterValidityEdit('expired', edit.validUntil, today)],
    );
  }
  const updated = await trx('releases')
    .whereIn('id', ids)
    .update({
      ...releaseChanges,
      version: trx.raw('version + 1'),
      updated_at: trx.fn.now(),
    })
    .returning(['id', 'address', 'version', 'bill_of_lading_id']);

  const blChanges = columnsOf(edit, blColumns);
  const billIds = [...new Set(updated.map((row) => String(row.bill_of_lading_id)))];
  let copied: (string | number)[] = ids;
  if (Object.keys(blChanges).length > 0) {
    await trx('bills_of_lading')
      .whereIn('id', billIds)
      .update({ ...blChanges, updated_at: trx.fn.now() });
    const siblings = await trx('releases').whereIn('bill_of_lading_id', billIds).pluck('id');
    copied = [...ids, ...siblings];
  }
  await refreshPartyCopies(trx, copied);

  await appendActorEvents(trx, serverKey, actor, 'edit', updated, { changes: edit });
  await enqueueReleaseUpdateMails(
    trx,
    { action: 'edit', actorOrganizationId: actor.organizationId, releaseIds: ids },
    options.portalUrl,
  );
  return outcomes;
}

function columnsOf(edit: ReleaseEdit, columns: Partial<Record<EditableField, string>>) {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edit)) {
    const column = columns[field as EditableField];
    if (column) changes[column] = value === '' ? null : value;
  }
  return changes;
}
