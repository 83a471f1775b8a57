import { answersRequestBl, type SessionUser } from '@scr/domain';
import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';
import type { ServerKey } from '../../ledger/server-key.ts';
import { runCreateReleases } from '../../releases/create-releases.ts';
import { validationFailed, type FieldErrors } from '../../releases/field-errors.ts';
import { carrierActorOf } from '../../releases/release-actor.ts';
import { releaseNotices, publishNotices } from '../../releases/release-notices.ts';
import { requestFieldErrors } from './send-request.ts';
import type { RequestAnswerBody } from './requests-for-release.schema.ts';
import type { Application } from '../../declarations.ts';

/**
 * The carrier answers a request for release addressed to it by creating the releases (issue 12
 * item 3): the one create-releases command, with the link rows and the request's status
 * (`answered`) written in the same transaction, so the releases and their link come together
 * or not at all. Each release is for the request's BL; a request of anyone else is not found.
 * The chain (the carrier) gets the usual live notices.
 */
export async function answerRequestForRelease(
  app: Application,
  user: SessionUser,
  requestId: number,
  data: RequestAnswerBody,
): Promise<void> {
  const knex = app.get('knex');
  const request = await knex('requests_for_release')
    .where({ id: requestId, carrier_organization_id: user.organizationId })
    .first('id', 'bl_number');
  if (!request) throw appError('not_found');
  const own = user.organizationAddress.toLowerCase();
  if (data.releases.some((item) => item.creator && item.creator.toLowerCase() !== own)) {
    throw appError('forbidden', { message: 'The creator must be your own organisation.' });
  }
  const otherBl: { prefix: string; errors: FieldErrors }[] = [];
  data.releases.forEach((item, index) => {
    if (!answersRequestBl(request.bl_number, item.billOfLading.blNumber)) {
      otherBl.push({
        prefix: `releases.${index}`,
        errors: requestFieldErrors({ 'billOfLading.blNumber': 'otherBlNumber' }),
      });
    }
  });
  if (otherBl.length > 0) throw validationFailed(otherBl);

  const serverKey: ServerKey = app.get('serverKey');
  const actor = carrierActorOf({ user });
  const { created } = await runCreateReleases(knex, serverKey, actor, data.releases, {
    refuse: (errors) => {
      throw validationFailed(
        [...errors].map(([index, found]) => ({ prefix: `releases.${index}`, errors: found })),
      );
    },
    alongside: (trx: Knex.Transaction, created) => linkAnswer(trx, request.id, created),
  });
  publishNotices(
    app,
    // Told as the JSON API's create is, with who acted (releases spec §4 "Live notifications").
    await releaseNotices(
      knex,
      created.map((release) => release.id),
      'create',
      actor,
    ),
  );
}

/** Links the created releases to the request and marks it answered (the first answer's time). */
async function linkAnswer(
  trx: Knex.Transaction,
  requestId: string,
  created: { id: string }[],
): Promise<void> {
  await trx('requests_for_release').where({ id: requestId }).forUpdate().first('id');
  await trx('request_for_release_releases').insert(
    created.map((release) => ({ request_id: requestId, release_id: release.id })),
  );
  await trx('requests_for_release')
    .where({ id: requestId })
    .update({ status: 'answered', answered_at: trx.raw('coalesce(answered_at, now())') });
}
