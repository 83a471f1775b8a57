import { AuthenticationBaseStrategy } from '@feathersjs/authentication';
import type { AuthenticationRequest, AuthenticationResult } from '@feathersjs/authentication';
import type { Params } from '@feathersjs/feathers';
import type { Application } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import { consumeChallenge } from './challenges.ts';
import { loadSessionUser } from './session-user.ts';
import { knexOf } from './strategies.ts';

/**
 * A user id as sent: a positive safe integer, or its one decimal spelling ("4", never "04" or
 * " 4"), so no spelling reaches a user, or a counter, by another name (issue 9 §2).
 */
export function userIdOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * `{strategy: "wallet", userId, message, signature}` (DESIGN §3 "Signing in", step 5): the message
 * is a challenge this server issued, signed by the personal sign-in key recorded for exactly this
 * user. A signature by anyone else, the organisation key included (every member holds it), is
 * refused: it proves no person.
 */
export class WalletStrategy extends AuthenticationBaseStrategy {
  async authenticate(data: AuthenticationRequest, _params: Params): Promise<AuthenticationResult> {
    const { message, signature } = data;
    const userId = userIdOf(data.userId);
    if (
      userId === null ||
      typeof message !== 'string' ||
      typeof signature !== 'string' ||
      message.length > 4_000 ||
      signature.length > 200
    ) {
      throw appError('validation_failed', {
        message: 'userId, message and signature are required',
      });
    }
    const knex = knexOf(this);
    const user = await loadSessionUser(knex, userId);
    if (!user) throw appError('not_authenticated', { message: 'Could not authenticate.' });
    const row = await knex('users').where({ id: userId }).first('sign_in_address');
    if (!row?.sign_in_address) throw appError('sign_in_key_unregistered');
    const config = (this.app as Application).get('config');
    await consumeChallenge(knex, config, { message, signature, address: row.sign_in_address });
    return { user, authentication: { strategy: 'wallet' } };
  }
}
