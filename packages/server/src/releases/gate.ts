import {
  maskIdentification,
  archivedOn,
  gateCheck,
  gateOutRefusal,
  gateRefusalMessages,
  normalizeContainerNumber,
  normalisedIdentification,
  todayInBrussels,
  type GateAssignment,
  type GateCheckAnswer,
  type GateCheckRequest,
  type GateOutAnswer,
  type GateOutRequest,
  type IdentificationType,
  type TransporterType,
} from '@scr/domain';
import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.ts';
import { appError } from '../errors/app-error.ts';
import type { DbRow } from '../kit/db-row.ts';
import { appendServerEvents, signServerEvents } from '../ledger/ledger.ts';
import type { ServerKey } from '../ledger/server-key.ts';
import { enqueueReleaseUpdateMails } from '../mail/release-mails.ts';
import { refreshPartyCopies } from './party-copies.ts';
import type { ReleaseNotices } from './release-notices.ts';

/**
 * The terminal's gate (DESIGN §3 "Secure pick-up: assignment and the gate"): a machine of the
 * terminal's organisation (an API key of scope `gate:write`) checks who may take a container
 * and reports that it left. Only the terminals the organisation owns count: a container at any
 * other terminal is not found, so its existence does not leak.
 */

/** Who calls the gate: the terminal's organisation and its API key. */
export interface GateCaller {
  organizationId: number;
  apiKeyId: number | null;
  /** As the ledger records it: `api-key:<id>`. */
  label: string;
}

/** The assignment row (migration 0017, `release_assignments`) as the gate reads it. */
interface AssignmentRow {
  organization_id: number;
  assignee_type: TransporterType;
  identification: string;
  identification_type: IdentificationType;
  assignee_name: string;
}

/**
 * The release of a container at a terminal the caller owns, locked: a live one before a deleted
 * one, the newest first (a container may have been released again after a deletion).
 */
async function lockGateRelease(
  trx: Knex.Transaction,
  caller: GateCaller,
  terminal: string,
  containerNumber: string,
): Promise<DbRow | null> {
  const owned = await trx('terminals')
    .where({ code: terminal.trim(), owner_organization_id: caller.organizationId })
    .first('code');
  if (!owned) return null;
  const found: DbRow | undefined = await trx('releases')
    .where({
      pickup_location: owned.code,
      container_number: normalizeContainerNumber(containerNumber),
    })
    .orderByRaw(`(release_status = 'deleted'), (archived_at is not null), id desc`)
    .first('id');
  if (!found) return null;
  // Locked in a second step, by id: the row the ledger append and the update work on.
  return (await trx('releases').where({ id: found.id }).forUpdate().first('*')) ?? null;
}

/** The release's assignment, or null (none, or the assignment table's row missing). */
async function assignmentOf(trx: Knex.Transaction, releaseId: string | number) {
  const row: AssignmentRow | undefined = await trx('release_assignments')
    .where({ release_id: releaseId })
    .first(
      'organization_id',
      'assignee_type',
      'identification',
      'identification_type',
      'assignee_name',
    );
  return row ?? null;
}

/**
 * POST gate-checks: decides with domain `gateCheck`, records the check in `gate_checks` (the
 * success report's source, with the assigning organisation) and, when there is a release, as a
 * server-signed "terminal check" ledger event with the checked and assigned values. The check
 * changes nothing of the release, so the event keeps its version.
 */
export async function runGateCheck(
  knex: Knex,
  serverKey: ServerKey,
  caller: GateCaller,
  request: GateCheckRequest,
): Promise<GateCheckAnswer> {
  const checkedValue = normalisedIdentification(
    request.identification.type,
    request.identification.value,
  );
  return inTransaction(knex, async (trx) => {
    const release = await lockGateRelease(trx, caller, request.terminal, request.containerNumber);
    const assignment = release ? await assignmentOf(trx, release.id) : null;
    const assigned: GateAssignment | null = assignment && {
      identificationType: assignment.identification_type,
      identification: assignment.identification,
    };
    const decision = gateCheck(
      release && {
        releaseStatus: release.release_status,
        isSecurePickup: release.is_secure_pickup,
        validFrom: release.valid_from,
        validUntil: release.valid_until,
      },
      assigned,
      request.identification,
    );
    const reason = decision.allowed ? null : decision.reason;
    await trx('gate_checks').insert({
      release_id: release?.id ?? null,
      terminal_code: request.terminal.trim(),
      container_number: normalizeContainerNumber(request.containerNumber),
      organization_id: caller.organizationId,
      assigned_organization_id: assignment?.organization_id ?? null,
      identification_type: request.identification.type,
      checked_value: checkedValue,
      assigned_value: assignment?.identification ?? null,
      allowed: decision.allowed,
      reason,
    });
    if (release) {
      await appendServerEvents(
        trx,
        signServerEvents(serverKey, [
          {
            release: { id: release.id, address: release.address, version: release.version },
            operation: 'terminalCheck',
            pincodeHash: null,
            details: {
              terminal: release.pickup_location,
              containerNumber: release.container_number,
              identificationType: request.identification.type,
              // Masked (docs/ledger.md): the ledger holds no clear identification; the
              // terminal's own gate_checks row keeps both for its report.
              checkedValue: maskIdentification(checkedValue),
              assignedValue: assignment ? maskIdentification(assignment.identification) : null,
              result: decision.allowed ? 'allowed' : reason,
            },
            sourceOrganizationId: caller.organizationId,
            actor: caller.label,
          },
        ]),
      );
    }
    if (!decision.allowed) {
      return {
        allowed: false,
        reason: decision.reason,
        message: gateRefusalMessages[decision.reason],
      };
    }
    return {
      allowed: true,
      releaseAddress: release!.address,
      blNumber: release!.bl_number,
      assignee: { type: assignment!.assignee_type, name: assignment!.assignee_name },
    };
  });
}

const gateOutErrors = {
  gateOutDone: 'gate_out_done',
  blocked: 'gate_out_blocked',
  deleted: 'gate_out_deleted',
} as const;

/** How far ahead of our clock a gate-out's `at` may be (clocks differ a little). */
const clockSkewMs = 5 * 60 * 1000;

/**
 * POST gate-outs: every pick-up, secure or not (domain `gateOutRefusal`). The release goes to
 * `gateout` for every party of its chain (the party copies), with a server-signed "gateOut"
 * event; it is archived at once per releases §4 (domain `archivedOn`: the gate-out day), with
 * its own "archive" event, as the expiry job would; the chain's update e-mail is queued.
 * Answers the notices to publish after commit.
 */
export async function runGateOut(
  knex: Knex,
  serverKey: ServerKey,
  caller: GateCaller,
  request: GateOutRequest,
  now: Date = new Date(),
  options: { portalUrl?: string | null } = {},
): Promise<{ answer: GateOutAnswer; notices: ReleaseNotices }> {
  const at = request.at === undefined ? now : new Date(request.at);
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime() + clockSkewMs) {
    throw appError('validation_failed', {
      message: 'The gate-out time must be a valid moment, not in the future.',
      fields: { at: 'validation.invalidDate' },
    });
  }
  return inTransaction(knex, async (trx) => {
    const release = await lockGateRelease(trx, caller, request.terminal, request.containerNumber);
    if (!release) throw appError('not_found');
    const refusal = gateOutRefusal({ releaseStatus: release.release_status });
    if (refusal) throw appError(gateOutErrors[refusal]);

    const today = todayInBrussels(now);
    const gateOutOn = todayInBrussels(at);
    const archive =
      !release.archived_at &&
      archivedOn({ validUntil: release.valid_until, releasedOn: release.released_on, gateOutOn }) <=
        today;
    const [updated] = await trx('releases')
      .where({ id: release.id })
      .update({
        release_status: 'gateout',
        gate_out_at: at.toISOString(),
        ...(archive ? { archived_at: trx.fn.now() } : {}),
        version: trx.raw(`version + ${archive ? 2 : 1}`),
        updated_at: trx.fn.now(),
      })
      .returning(['id', 'address', 'version', 'archived_at']);
    await refreshPartyCopies(trx, [release.id]);
    const base = { pincodeHash: null, sourceOrganizationId: caller.organizationId };
    const gateOutVersion = archive ? updated.version - 1 : updated.version;
    await appendServerEvents(
      trx,
      signServerEvents(serverKey, [
        {
          ...base,
          release: { id: release.id, address: release.address, version: gateOutVersion },
          operation: 'gateOut',
          details: {
            terminal: release.pickup_location,
            containerNumber: release.container_number,
            gateOutAt: at.toISOString(),
          },
          actor: caller.label,
        },
        ...(archive
          ? [
              {
                ...base,
                release: { id: release.id, address: release.address, version: updated.version },
                operation: 'archive' as const,
                details: { archivedOn: today },
                sourceOrganizationId: null,
                actor: 'system',
              },
            ]
          : []),
      ]),
    );
    // The chain's notices, and its update e-mail (access spec §2 "Settings").
    const notices = await enqueueReleaseUpdateMails(
      trx,
      { action: 'gateout', actorOrganizationId: caller.organizationId, releaseIds: [release.id] },
      options.portalUrl,
    );
    return {
      answer: {
        releaseAddress: release.address,
        blNumber: release.bl_number,
        containerNumber: release.container_number,
        gateOutAt: at.toISOString(),
        archived: !!updated.archived_at,
      },
      notices,
    };
  });
}
