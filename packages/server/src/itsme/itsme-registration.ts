import type { ItsmeConfirmAnswer } from '@scr/domain';
import type { Application } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import { itsmeOf } from './configure-itsme.ts';
import { hashItsmeState, itsmeStatesTable } from './itsme-link.ts';

/** The longest code or state taken; anything longer is not one a provider issued. */
const maxLength = 2_048;

/**
 * `POST driver/itsme` (access spec §7 "Transporters", §8 "Itsme"): the state of a registration
 * link (the bearer token) and the authorization code the provider redirected with. The state is
 * claimed first, atomically (unknown, expired or used: "Error during itsme registration…", nothing
 * changed), so it can never be replayed; then the code is exchanged at the provider and the
 * driver gets the subject as its itsme code, with the given and family name. A code the provider
 * refuses leaves the state used: the driver restarts from a new link, as the message says.
 */
export async function registerItsme(
  app: Application,
  input: { state: unknown; code: unknown },
): Promise<ItsmeConfirmAnswer> {
  const state = typeof input.state === 'string' ? input.state.trim() : '';
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  if (!state) throw appError('itsme_missing_state');
  if (!code) throw appError('itsme_missing_code');
  if (state.length > maxLength || code.length > maxLength) {
    throw appError('itsme_registration_failed');
  }
  const itsme = itsmeOf(app);
  if (!itsme) throw appError('itsme_unavailable');
  const knex = app.get('knex');
  const [claimed]: {
    driver_id: number;
    organization_id: number;
    code_verifier: string;
    nonce: string;
  }[] = await knex(itsmeStatesTable)
    .where({ state_hash: hashItsmeState(state) })
    .whereNull('used_at')
    .where('expires_at', '>', knex.fn.now())
    .update({ used_at: knex.fn.now() })
    .returning(['driver_id', 'organization_id', 'code_verifier', 'nonce']);
  if (!claimed) throw appError('itsme_registration_failed');

  let identity;
  try {
    identity = await itsme.identify({
      state,
      code,
      codeVerifier: claimed.code_verifier,
      nonce: claimed.nonce,
    });
  } catch (error) {
    app.get('logger').warn({ err: error }, 'itsme: the provider refused the registration');
    throw appError('itsme_registration_failed');
  }
  const updated = await knex('drivers')
    .where({ id: claimed.driver_id, organization_id: claimed.organization_id })
    .update({
      itsme_code: identity.sub,
      itsme_given_name: identity.givenName || null,
      itsme_family_name: identity.familyName || null,
      updated_at: knex.fn.now(),
    });
  if (updated === 0) throw appError('itsme_registration_failed');
  return { registered: true, givenName: identity.givenName, familyName: identity.familyName };
}
