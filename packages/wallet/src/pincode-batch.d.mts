import type sodium from 'libsodium-wrappers';

type Sodium = typeof sodium;

/** Opens each sealed pincode (base64) with the key pair; null for one that does not open. */
export function openBatch(
  sodium: Sodium,
  sealed: readonly string[],
  publicKey: Uint8Array,
  privateKey: Uint8Array,
): (string | null)[];

/** Opens each pincode and seals it to `targetPublicKey`; null for one that does not open. */
export function resealBatch(
  sodium: Sodium,
  sealed: readonly string[],
  publicKey: Uint8Array,
  privateKey: Uint8Array,
  targetPublicKey: Uint8Array,
): (string | null)[];

/** Seals each pincode in clear to `publicKey` (base64), as `sealPincode` does one. */
export function sealBatch(
  sodium: Sodium,
  pincodes: readonly string[],
  publicKey: Uint8Array,
): string[];
