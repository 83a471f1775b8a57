import { isCleanText, type SealedPincode } from '@scr/domain';
import { canonicalWalletUserId } from './keystore-store.ts';
import { WalletError } from './wallet-error.ts';

/** Pincodes in one call at most: a bulk action over the most releases it may cover, twice. */
const maxItems = 20_000;

/** The one spelling of a wallet user id, or `validation_failed`. */
export function walletUserId(value: unknown): string {
  const id = canonicalWalletUserId(value);
  if (!id) throw new WalletError('validation_failed', 'userId is required');
  return id;
}

/** A required text: no NUL byte, no lone surrogate (they cannot be signed or stored faithfully). */
export function requiredText(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string' || value === '') {
    throw new WalletError('validation_failed', `${field} is required`);
  }
  if (value.length > maxLength) throw new WalletError('validation_failed', `${field} is too long`);
  if (!isCleanText(value)) {
    throw new WalletError('validation_failed', `${field} has characters that are not allowed`);
  }
  return value;
}

/** The `items` of a pincode call: a list of `{address, encryptedPincode}`. */
export function pincodeItems(value: unknown): SealedPincode[] {
  if (!Array.isArray(value) || value.length > maxItems) {
    throw new WalletError('validation_failed', `items must be a list of at most ${maxItems}`);
  }
  return value.map((item: unknown) => {
    const { address, encryptedPincode } = (item ?? {}) as Record<string, unknown>;
    if (typeof address !== 'string' || typeof encryptedPincode !== 'string') {
      throw new WalletError('validation_failed', 'each item needs address and encryptedPincode');
    }
    return { address, encryptedPincode };
  });
}
