import {
  coreorEdit,
  coreorFieldError,
  coreorLimits,
  coreorReasons,
  coreorStatusOf,
  duplicateInterchangeError,
  duplicateMessageAnswer,
  interchangeClaim,
  keepsMessageClaim,
  mayClaimMessage,
  normalizeContainerNumber,
  readCoreor,
  todayInBrussels,
  type CoreorAnswer,
  type CoreorError,
  type CoreorInterchange,
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

/** One message as read and answered, with the containers it would carry out. */
interface Read {
  message: CoreorMessage;
  answer: CoreorMessageAnswer;
  work: Work[];
}

type Upload = { content: string; fileName: string | null };

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
 *
 * Duplicates (domain `coreor-duplicates.ts`): one transaction claims the interchange's sender
 * and control reference and each message's reference under unique constraints (migration 0040)
 * before anything is done, so an interchange received before, or a message received before, is
 * answered `duplicate` and changes nothing, even when the same interchange comes twice at once.
 */
export async function importCoreor(
  deps: { knex: Knex; serverKey: ServerKey; portalUrl: string | null },
  actor: ReleaseActor,
  upload: Upload,
): Promise<{ answer: CoreorAnswer; changes: CoreorChanges }> {
  const today = todayInBrussels();
  const interchange = readCoreor(upload.content, today);
  const changes: CoreorChanges = { create: [], edit: [], delete: [] };
  const read: Read[] = interchange.messages.map((message) =>
    messageAnswer(message, interchange.errors.length > 0),
  );
  if (read.reduce((n, r) => n + r.work.length, 0) > coreorLimits.maxReleases) {
    interchange.errors.push({ segment: '', position: 0, reason: 'tooManyReleases' });
    for (const r of read) r.work = [];
  }
  const answer = await inTransaction(deps.knex, async (trx) => {
    const claim = interchangeClaim(interchange);
    const interchangeId = await recordInterchange(trx, actor, upload, interchange, !!claim);
    if (claim && interchangeId === null) {
      // Received before: nothing is done, and this post is kept as a row that claims nothing.
      const duplicate = answerOf(
        upload,
        interchange,
        read.map((r) => duplicateMessageAnswer(r.answer)),
        [duplicateInterchangeError(interchange)],
      );
      duplicate.status = 'duplicate';
      await keepAnswer(
        trx,
        (await recordInterchange(trx, actor, upload, interchange, false))!,
        duplicate,
      );
      return duplicate;
    }
    const claims = claim
      ? await claimMessages(trx, actor, claim.sender, interchangeId!, read)
      : new Map<Read, string>();
    // Only the messages this interchange claimed are carried out (the others have no work).
    const work = read.filter((r) => claims.has(r)).flatMap((r) => r.work);
    await createOriginals(
      trx,
      deps.serverKey,
      actor,
      work.filter((w) => w.answer.action === 'create'),
      today,
      changes,
    );
    await changeExisting(
      trx,
      deps,
      actor,
      work.filter((w) => w.answer.action !== 'create'),
      changes,
    );
    const messages = read.map((r) => {
      if (claim && mayClaimMessage(r.message) && !claims.has(r)) {
        return duplicateMessageAnswer(r.answer, r.message.header);
      }
      const accepted = r.answer.releases.filter((x) => x.status === 'accepted').length;
      r.answer.status = coreorStatusOf(
        accepted,
        r.answer.releases.length - accepted,
        r.answer.errors,
      );
      return r.answer;
    });
    // A message of which nothing was taken claims nothing: corrected, it may come again.
    const released = read.filter((r) => claims.has(r) && !keepsMessageClaim(r.answer));
    if (released.length > 0) {
      await trx('coreor_messages')
        .whereIn(
          'id',
          released.map((r) => claims.get(r)!),
        )
        .delete();
    }
    const done = answerOf(upload, interchange, messages, interchange.errors);
    await keepAnswer(trx, interchangeId!, done);
    return done;
  });
  return { answer, changes };
}

/** The answer to the interchange from its messages' answers. */
function answerOf(
  upload: Upload,
  interchange: CoreorInterchange,
  messages: CoreorMessageAnswer[],
  errors: CoreorError[],
): CoreorAnswer {
  for (const message of messages) {
    message.errors = message.errors.map(withMessage);
    for (const release of message.releases) release.errors = release.errors.map(withMessage);
  }
  const count = (status: CoreorReleaseAnswer['status']) =>
    messages.reduce((n, m) => n + m.releases.filter((r) => r.status === status).length, 0);
  const accepted = count('accepted');
  const duplicates = count('duplicate');
  const total = messages
    .filter((m) => m.status !== 'duplicate')
    .reduce((n, m) => n + Math.max(m.releases.length, 1), 0);
  return {
    fileName: upload.fileName,
    interchangeReference: interchange.controlReference,
    sender: interchange.sender,
    recipient: interchange.recipient,
    status: coreorStatusOf(accepted, total - accepted, errors, duplicates),
    accepted,
    rejected: total - accepted,
    duplicates,
    errors: errors.map(withMessage),
    messages,
  };
}

/**
 * The interchange's row, claiming its sender and control reference when `claims`: its id, or
 * null when another row holds the claim (the partial unique index; a post of the same
 * interchange under way waits here until it commits or rolls back). The answer comes later.
 */
async function recordInterchange(
  trx: Knex.Transaction,
  actor: ReleaseActor,
  upload: Upload,
  interchange: CoreorInterchange,
  claims: boolean,
): Promise<string | null> {
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `insert into coreor_interchanges
       (organization_id, created_by_user_id, created_by_api_key_id, file_name, sender,
        control_reference, status, accepted_count, rejected_count, answer, claims_reference)
     values (?, ?, ?, ?, ?, ?, 'rejected', 0, 0, '{}', ?)
     on conflict (organization_id, sender, control_reference) where claims_reference do nothing
     returning id`,
    [
      actor.organizationId,
      actor.userId,
      actor.apiKeyId,
      upload.fileName,
      interchange.sender,
      interchange.controlReference,
      claims,
    ],
  );
  return rows[0]?.id ?? null;
}

async function keepAnswer(trx: Knex.Transaction, id: string, answer: CoreorAnswer) {
  await trx('coreor_interchanges')
    .where({ id })
    .update({
      status: answer.status,
      accepted_count: answer.accepted,
      rejected_count: answer.rejected,
      answer: JSON.stringify(answer),
    });
}

/**
 * Claims the reference of each message the reader took (in reference order, so two posts
 * claiming the same ones wait for each other rather than deadlock): the claim's id by message;
 * a message missing from it was received before (or earlier in this interchange).
 */
async function claimMessages(
  trx: Knex.Transaction,
  actor: ReleaseActor,
  sender: string,
  interchangeId: string,
  read: Read[],
): Promise<Map<Read, string>> {
  const first = new Map<string, Read>();
  for (const r of read) {
    if (mayClaimMessage(r.message) && !first.has(r.message.reference))
      first.set(r.message.reference, r);
  }
  const references = [...first.keys()].sort();
  const claims = new Map<Read, string>();
  for (let i = 0; i < references.length; i += 500) {
    const { rows } = await trx.raw<{ rows: { id: string; message_reference: string }[] }>(
      `insert into coreor_messages (organization_id, sender, message_reference, interchange_id)
       select ?, ?, reference, ? from unnest(?::text[]) as reference
       on conflict (organization_id, sender, message_reference) do nothing
       returning id, message_reference`,
      [actor.organizationId, sender, interchangeId, references.slice(i, i + 500)],
    );
    for (const row of rows) claims.set(first.get(row.message_reference)!, row.id);
  }
  return claims;
}

/** A message's answer and its containers without errors, to be carried out. */
function messageAnswer(message: CoreorMessage, refused: boolean): Read {
  const action =
    message.function === 'replace'
      ? 'update'
      : message.function === 'cancellation'
        ? 'cancel'
        : 'create';
  const work: Work[] = [];
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
    message,
    work,
    answer: {
      messageReference: message.reference,
      documentNumber: message.documentNumber,
      function: message.function,
      status: 'rejected',
      errors: message.errors,
      releases,
    },
  };
}

async function createOriginals(
  trx: Knex.Transaction,
  serverKey: ServerKey,
  actor: ReleaseActor,
  work: Work[],
  today: string,
  changes: CoreorChanges,
) {
  if (work.length === 0) return;
  const { prepared, created, errors } = await runCreateReleases(
    trx,
    serverKey,
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
  trx: Knex.Transaction,
  deps: { serverKey: ServerKey; portalUrl: string | null },
  actor: ReleaseActor,
  work: Work[],
  changes: CoreorChanges,
) {
  if (work.length === 0) return;
  const addresses = await liveReleases(
    trx,
    actor.organizationId,
    work.map((w) => w.release),
  );
  const pickups = work
    .map((w) => coreorEdit(w.release).pickupLocation)
    .filter((code): code is string => !!code);
  const terminalCodes = new Set<string>(
    pickups.length > 0 ? await trx('terminals').whereIn('code', pickups).pluck('code') : [],
  );
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
}

const key = (bl: string, container: string) => `${bl}\u0000${normalizeContainerNumber(container)}`;

/** The carrier's live (not deleted) release of each BL and container: address by key. */
async function liveReleases(
  knex: Knex | Knex.Transaction,
  carrierId: number,
  releases: CoreorRelease[],
) {
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
