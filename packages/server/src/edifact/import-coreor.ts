import {
  coreorEdit,
  coreorFieldError,
  coreorLimits,
  coreorReasons,
  coreorStatusOf,
  normalizeContainerNumber,
  readCoreor,
  todayInBrussels,
  type CoreorAnswer,
  type CoreorError,
  type CoreorMessage,
  type CoreorMessageAnswer,
  type CoreorRelease,
  type CoreorReleaseAnswer,
} from '@scr/domain';
import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.ts';
import type { ServerKey } from '../ledger/server-key.ts';
import { runCreateReleases } from '../releases/create-releases.ts';
import { deleteReleases } from '../releases/delete-releases.ts';
import { editReleases, type CommandOutcome } from '../releases/edit-releases.ts';
import type { FieldErrors } from '../releases/field-errors.ts';
import type { ReleaseActor } from '../releases/release-actor.ts';

/** What the import changed, by operation, for the live notices after the commit. */
export interface CoreorChanges {
  create: string[];
  edit: string[];
  delete: string[];
}

interface Work {
  release: CoreorRelease;
  answer: CoreorReleaseAnswer;
}

const withMessage = (error: CoreorError): CoreorError => ({
  ...error,
  message: error.message ?? coreorReasons[error.reason],
});

/**
 * Issue 14 item 4: carries out a COREOR D95B interchange for the acting carrier with the same
 * commands as REST: originals through `runCreateReleases`, replaces through `editReleases`,
 * cancellations through `deleteReleases`, each container on its own (one refused container
 * never stops another). Answers per message, in the spirit of APERAK: accepted, or each error
 * with its segment and reason. The interchange and its answer are kept (`coreor_interchanges`).
 */
export async function importCoreor(
  deps: { knex: Knex; serverKey: ServerKey; portalUrl: string | null },
  actor: ReleaseActor,
  upload: { content: string; fileName: string | null },
): Promise<{ answer: CoreorAnswer; changes: CoreorChanges }> {
  const today = todayInBrussels();
  const interchange = readCoreor(upload.content, today);
  const changes: CoreorChanges = { create: [], edit: [], delete: [] };
  const work: Work[] = [];
  const messages: CoreorMessageAnswer[] = interchange.messages.map((message) =>
    messageAnswer(message, interchange.errors.length > 0, work),
  );
  if (work.length > coreorLimits.maxReleases) {
    interchange.errors.push({ segment: '', position: 0, reason: 'tooManyReleases' });
    work.length = 0;
    for (const message of messages)
      for (const release of message.releases) release.status = 'rejected';
  }
  await createOriginals(
    deps,
    actor,
    work.filter((w) => w.answer.action === 'create'),
    today,
    changes,
  );
  await changeExisting(
    deps,
    actor,
    work.filter((w) => w.answer.action !== 'create'),
    changes,
  );

  for (const message of messages) {
    const accepted = message.releases.filter((r) => r.status === 'accepted').length;
    message.status = coreorStatusOf(accepted, message.releases.length - accepted, message.errors);
    message.errors = message.errors.map(withMessage);
    for (const release of message.releases) release.errors = release.errors.map(withMessage);
  }
  const accepted = messages.reduce(
    (n, m) => n + m.releases.filter((r) => r.status === 'accepted').length,
    0,
  );
  const total = messages.reduce((n, m) => n + Math.max(m.releases.length, 1), 0);
  const answer: CoreorAnswer = {
    fileName: upload.fileName,
    interchangeReference: interchange.controlReference,
    sender: interchange.sender,
    status: coreorStatusOf(accepted, total - accepted, interchange.errors),
    accepted,
    rejected: total - accepted,
    errors: interchange.errors.map(withMessage),
    messages,
  };
  await deps.knex('coreor_interchanges').insert({
    organization_id: actor.organizationId,
    created_by_user_id: actor.userId,
    created_by_api_key_id: actor.apiKeyId,
    file_name: upload.fileName,
    sender: answer.sender,
    control_reference: answer.interchangeReference,
    status: answer.status,
    accepted_count: answer.accepted,
    rejected_count: answer.rejected,
    answer: JSON.stringify(answer),
  });
  return { answer, changes };
}

/** A message's answer; its containers without errors join the work list. */
function messageAnswer(
  message: CoreorMessage,
  refused: boolean,
  work: Work[],
): CoreorMessageAnswer {
  const action =
    message.function === 'replace'
      ? 'update'
      : message.function === 'cancellation'
        ? 'cancel'
        : 'create';
  const releases = message.releases.map((release): CoreorReleaseAnswer => {
    const answer: CoreorReleaseAnswer = {
      blNumber: release.blNumber,
      containerNumber: release.containerNumber,
      action,
      status: 'rejected',
      errors: release.errors,
    };
    if (!refused && message.errors.length === 0 && release.errors.length === 0) {
      work.push({ release, answer });
    }
    return answer;
  });
  return {
    messageReference: message.reference,
    documentNumber: message.documentNumber,
    function: message.function,
    status: 'rejected',
    errors: message.errors,
    releases,
  };
}

async function createOriginals(
  deps: { knex: Knex; serverKey: ServerKey },
  actor: ReleaseActor,
  work: Work[],
  today: string,
  changes: CoreorChanges,
) {
  if (work.length === 0) return;
  const { prepared, created, errors } = await runCreateReleases(
    deps.knex,
    deps.serverKey,
    actor,
    work.map((w) => w.release.input),
    { today },
  );
  prepared.forEach((item, i) => {
    const { answer } = work[item.index]!;
    answer.status = 'accepted';
    answer.address = created[i]!.address;
    changes.create.push(created[i]!.id);
  });
  for (const [index, fields] of errors) fieldErrors(work[index]!, fields);
}

/** Replaces and cancellations, each of the carrier's live release of that BL and container. */
async function changeExisting(
  deps: { knex: Knex; serverKey: ServerKey; portalUrl: string | null },
  actor: ReleaseActor,
  work: Work[],
  changes: CoreorChanges,
) {
  if (work.length === 0) return;
  const addresses = await liveReleases(
    deps.knex,
    actor.organizationId,
    work.map((w) => w.release),
  );
  const pickups = work
    .map((w) => coreorEdit(w.release).pickupLocation)
    .filter((code): code is string => !!code);
  const terminalCodes = new Set<string>(
    pickups.length > 0 ? await deps.knex('terminals').whereIn('code', pickups).pluck('code') : [],
  );
  await inTransaction(deps.knex, async (trx) => {
    for (const item of work) {
      const address = addresses.get(key(item.release.blNumber, item.release.containerNumber));
      if (!address) {
        item.answer.errors = [
          {
            segment: item.release.segment,
            position: item.release.position,
            reason: 'releaseNotFound',
          },
        ];
        continue;
      }
      item.answer.address = address;
      let outcome: CommandOutcome;
      if (item.answer.action === 'cancel') {
        [outcome] = (await deleteReleases(trx, deps.serverKey, actor, [address], {
          portalUrl: deps.portalUrl,
        })) as [CommandOutcome];
      } else {
        const edit = coreorEdit(item.release);
        if (Object.keys(edit).length === 0) {
          item.answer.status = 'accepted';
          continue;
        }
        [outcome] = (await editReleases(trx, deps.serverKey, actor, [address], edit, {
          terminalCodes,
          portalUrl: deps.portalUrl,
        })) as [CommandOutcome];
      }
      if (outcome.id) {
        item.answer.status = 'accepted';
        changes[item.answer.action === 'cancel' ? 'delete' : 'edit'].push(outcome.id);
      } else if (outcome.fields) {
        item.answer.errors = Object.entries(outcome.fields).map(([field, detail]) =>
          coreorFieldError(item.release, field, detail),
        );
      } else {
        item.answer.errors = [
          {
            segment: item.release.segment,
            position: item.release.position,
            reason: 'releaseRefused',
            detail: `releases.refusal.${outcome.error}`,
          },
        ];
      }
    }
  });
}

const key = (bl: string, container: string) => `${bl}\u0000${normalizeContainerNumber(container)}`;

/** The carrier's live (not deleted) release of each BL and container: address by key. */
async function liveReleases(knex: Knex, carrierId: number, releases: CoreorRelease[]) {
  const pairs = releases.map((r) => [r.blNumber, normalizeContainerNumber(r.containerNumber)]);
  const found = new Map<string, string>();
  for (let i = 0; i < pairs.length; i += 500) {
    const rows: { address: string; bl_number: string; container_number: string }[] = await knex(
      'releases',
    )
      .where('carrier_organization_id', carrierId)
      .whereNot('release_status', 'deleted')
      .whereIn(['bl_number', 'container_number'], pairs.slice(i, i + 500))
      .orderBy('id')
      .select('address', 'bl_number', 'container_number');
    for (const row of rows) found.set(key(row.bl_number, row.container_number), row.address);
  }
  return found;
}

/** A container the create command refused: each field's error at the segment that set it. */
function fieldErrors({ release, answer }: Work, fields: FieldErrors) {
  answer.errors = Object.entries(fields).map(([field, error]) => ({
    ...coreorFieldError(release, field, error.key),
    message: error.message,
  }));
}
