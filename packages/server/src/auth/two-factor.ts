import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { isTwoFactorCode } from '@scr/domain';
import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.ts';
import { appError } from '../errors/app-error.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { twoFactorCodeMail } from '../mail/templates.ts';
import type { SessionUser } from './session-user.ts';

/** Access spec §9 and the issue: codes of 6 digits, valid 10 minutes, at most 5 wrong tries. */
export const twoFactorCodeLifetimeMinutes = 10;
export const twoFactorMaxAttempts = 5;

const hashOf = (sessionId: string, code: string) =>
  createHash('sha256').update(`${sessionId}:${code}`).digest('hex');

/**
 * Sends a new code by e-mail through the outbox, in the same transaction that records its hash
 * and closes any earlier code of the session. The clear code exists only in the e-mail.
 */
export async function sendTwoFactorCode(knex: Knex, user: SessionUser, sessionId: string) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await inTransaction(knex, async (trx) => {
    await trx('two_factor_codes')
      .where({ session_id: sessionId })
      .whereNull('closed_at')
      .update({ closed_at: trx.fn.now() });
    await trx('two_factor_codes').insert({
      session_id: sessionId,
      code_hash: hashOf(sessionId, code),
      expires_at: new Date(Date.now() + twoFactorCodeLifetimeMinutes * 60_000),
    });
    const mail = twoFactorCodeMail(user.email, user.preferredLanguage ?? 'en', {
      name: user.firstName,
      code,
      minutes: twoFactorCodeLifetimeMinutes,
    });
    await enqueueMail(trx, mail);
  });
}

type Verdict = 'valid' | 'wrong' | 'expired' | 'exhausted' | 'none';

/**
 * Checks a code against the session's live one. A wrong try is counted (and committed) before
 * the refusal; the fifth wrong try closes the code. On success the session's second factor is done.
 */
export async function validateTwoFactorCode(knex: Knex, sessionId: string, code: unknown) {
  if (typeof code !== 'string' || !isTwoFactorCode(code)) {
    throw appError('validation_failed', {
      message: 'The code is 6 digits.',
      fields: { code: 'twoFactor.codeFormat' },
    });
  }
  const verdict = await inTransaction(knex, async (trx): Promise<Verdict> => {
    const live = await trx('two_factor_codes')
      .where({ session_id: sessionId })
      .whereNull('closed_at')
      .orderBy('id', 'desc')
      .forUpdate()
      .first();
    if (!live) return 'none';
    if (live.attempts >= twoFactorMaxAttempts) return 'exhausted';
    if (new Date(live.expires_at).getTime() <= Date.now()) return 'expired';
    const matches = timingSafeEqual(
      Buffer.from(hashOf(sessionId, code.trim())),
      Buffer.from(live.code_hash),
    );
    if (!matches) {
      await trx('two_factor_codes').where({ id: live.id }).increment('attempts', 1);
      return 'wrong';
    }
    await trx('two_factor_codes').where({ id: live.id }).update({ closed_at: trx.fn.now() });
    await trx('auth_sessions')
      .where({ id: sessionId })
      .update({ two_factor_validated_at: trx.fn.now() });
    return 'valid';
  });
  const refusals: Record<Exclude<Verdict, 'valid'>, ReturnType<typeof appError>> = {
    none: appError('validation_failed', {
      message: 'No code is waiting. Please request a new code.',
    }),
    expired: appError('validation_failed', {
      message: 'The code has expired. Please request a new code.',
    }),
    exhausted: appError('too_many_requests', {
      message: 'Too many wrong codes. Please request a new code.',
    }),
    wrong: appError('validation_failed', {
      message: 'The code is not correct.',
      fields: { code: 'twoFactor.codeWrong' },
    }),
  };
  if (verdict !== 'valid') throw refusals[verdict];
}
