import { createHash } from 'node:crypto';
import { itsmeLinkHours, toLanguage, type Language } from '@scr/domain';
import type { Knex } from 'knex';
import * as client from 'openid-client';
import type { Application } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { itsmeOf } from './configure-itsme.ts';
import { itsmeLinkMail } from './itsme-mail.ts';

export const itsmeStatesTable = 'itsme_states';

/** Only the hash of a state is kept: the state is the bearer token of `POST driver/itsme`. */
export const hashItsmeState = (state: string) => createHash('sha256').update(state).digest('hex');

export interface CreateItsmeLinkInput {
  /** The driver to register; must belong to `organizationId` (else not found). */
  driverId: number;
  /** The caller's organisation (the driver's). */
  organizationId: number;
  /** true: e-mail the link to the driver (`sendItsmeLink`); false: only answer it (`copyItsmeLink`). */
  send: boolean;
  /**
   * The caller's transaction (the drivers PATCH): the state row and the queued e-mail commit
   * with it. Call it after your update, so the driver's e-mail address read here is the new one.
   * Without it, the app's knex.
   */
  db?: Knex | Knex.Transaction;
  /**
   * The e-mail's language: the organisation's. Organisations have no language of their own, so
   * this defaults to the one most of its active users prefer (English when none).
   */
  language?: Language;
}

/**
 * Makes a single-use itsme registration state for a driver (valid `itsmeLinkHours`) and answers
 * the link the driver opens: the provider's authorization URL (access spec §4 "Drivers, barges,
 * trains", §7 "Transporters"). With `send`, queues the e-mail to the driver through the outbox.
 *
 * Throws the catalogued errors: `not_found` (no such driver in the organisation),
 * `itsme_missing_email` ("Missing email address", 400: `send` without an address),
 * `itsme_email_failed` ("Error sending email", 503: the mail could not be queued),
 * `itsme_unavailable` (503: no provider configured, or it cannot be reached).
 */
export async function createItsmeLink(
  app: Application,
  input: CreateItsmeLinkInput,
): Promise<{ link: string }> {
  const itsme = itsmeOf(app);
  if (!itsme) throw appError('itsme_unavailable');
  const db = input.db ?? app.get('knex');
  const driver: { first_name: string; email: string | null; org_name: string } | undefined =
    await db('drivers as d')
      .join('organizations as o', 'o.id', 'd.organization_id')
      .where({ 'd.id': input.driverId, 'd.organization_id': input.organizationId })
      .first('d.first_name', 'd.email', 'o.name as org_name');
  if (!driver) throw appError('not_found');
  const email = driver.email?.trim() ?? '';
  if (input.send && !email) throw appError('itsme_missing_email');

  const request = {
    state: client.randomState(),
    codeVerifier: client.randomPKCECodeVerifier(),
    nonce: client.randomNonce(),
  };
  let link: string;
  try {
    link = await itsme.authorizationUrl(request);
  } catch (error) {
    app.get('logger').warn({ err: error }, 'itsme: the provider cannot be reached');
    throw appError('itsme_unavailable');
  }
  await db(itsmeStatesTable).insert({
    state_hash: hashItsmeState(request.state),
    driver_id: input.driverId,
    organization_id: input.organizationId,
    code_verifier: request.codeVerifier,
    nonce: request.nonce,
    expires_at: db.raw(`now() + interval '${itsmeLinkHours} hours'`),
  });

  if (input.send) {
    const language = input.language ?? (await organizationLanguage(db, input.organizationId));
    const mail = itsmeLinkMail(email, language, {
      name: driver.first_name,
      organization: driver.org_name,
      link,
      hours: itsmeLinkHours,
    });
    try {
      // A savepoint inside the caller's transaction: a failed insert leaves it usable.
      await db.transaction((savepoint) => enqueueMail(savepoint, mail));
    } catch (error) {
      app.get('logger').warn({ err: error }, 'itsme: the link e-mail could not be queued');
      throw appError('itsme_email_failed');
    }
    // Delivered at once when this was not the caller's transaction, else at the next poll.
    if (!input.db) void app.get('outbox')?.wake();
  }
  return { link };
}

/** The language most active users of the organisation prefer; English when it has none. */
export async function organizationLanguage(
  db: Knex | Knex.Transaction,
  organizationId: number,
): Promise<Language> {
  const row: { preferred_language: string } | undefined = await db('users')
    .where({ organization_id: organizationId, is_active: true })
    .groupBy('preferred_language')
    .orderByRaw('count(*) desc, preferred_language')
    .first('preferred_language');
  return toLanguage(row?.preferred_language);
}
