import { getAddress } from 'ethers';
import type { Knex } from 'knex';
import { generateNonce, SiweMessage } from 'siwe';
import type { Config } from '../config.ts';
import { appError } from '../errors/app-error.ts';

/** How long a sign-in challenge may be answered (DESIGN §3: 5 minutes). */
export const challengeLifetimeMs = 5 * 60_000;

/** The SIWE domain: the host users reach the portal at. */
export const siweDomain = (config: Config) => new URL(config.publicUrl).host;

/**
 * Issues a Sign-In with Ethereum (EIP-4361) message for a user's personal sign-in address with a
 * single-use nonce, and remembers the exact text so only that message can be answered.
 */
export async function createChallenge(knex: Knex, config: Config, address: unknown) {
  let checksummed: string;
  try {
    checksummed = getAddress(String(address ?? ''));
  } catch {
    throw appError('validation_failed', {
      message: 'address must be your sign-in address (0x…)',
      fields: { address: 'validation.address' },
    });
  }
  const issuedAt = new Date();
  const expiresAt = new Date(issuedAt.getTime() + challengeLifetimeMs);
  const nonce = generateNonce();
  const message = new SiweMessage({
    domain: siweDomain(config),
    address: checksummed,
    statement: 'Sign in to Secure Container Release with your personal key in your ID wallet.',
    uri: config.publicUrl,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: issuedAt.toISOString(),
    expirationTime: expiresAt.toISOString(),
  }).prepareMessage();
  await knex('auth_challenges').insert({
    nonce,
    address: checksummed,
    message,
    expires_at: expiresAt,
  });
  // Answered challenges and expired ones are of no further use.
  await knex('auth_challenges')
    .where('expires_at', '<', new Date(Date.now() - challengeLifetimeMs))
    .delete();
  return { message, nonce, expiresAt: expiresAt.toISOString() };
}

/**
 * Checks an answered challenge: the message is the one issued, unexpired, signed by `address`,
 * and not answered before. Consumes the nonce, so a replay fails. Throws not_authenticated.
 */
export async function consumeChallenge(
  knex: Knex,
  config: Config,
  answer: { message: string; signature: string; address: string },
): Promise<void> {
  const refuse = (message: string) => appError('not_authenticated', { message });
  let siwe: SiweMessage;
  try {
    siwe = new SiweMessage(answer.message);
  } catch {
    throw refuse('The sign-in message is not a valid challenge.');
  }
  const row = await knex('auth_challenges').where({ nonce: siwe.nonce }).first();
  if (!row || row.message !== answer.message) throw refuse('The sign-in challenge is unknown.');
  if (row.used_at) throw refuse('The sign-in challenge was already used.');
  if (new Date(row.expires_at).getTime() <= Date.now()) {
    throw refuse('The sign-in challenge has expired.');
  }
  if (getAddress(row.address) !== getAddress(answer.address)) {
    throw refuse('The sign-in challenge was issued for another sign-in key.');
  }
  const verified = await siwe.verify(
    { signature: answer.signature, domain: siweDomain(config), nonce: row.nonce },
    { suppressExceptions: true },
  );
  if (!verified.success) throw refuse("The signature is not by this user's sign-in key.");
  const consumed = await knex('auth_challenges')
    .where({ nonce: row.nonce })
    .whereNull('used_at')
    .update({ used_at: knex.fn.now() });
  if (consumed !== 1) throw refuse('The sign-in challenge was already used.');
}
