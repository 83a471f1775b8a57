import sodium from 'libsodium-wrappers';
import type { SealingKeyPair } from './keys.ts';

const base64 = () => sodium.base64_variants.ORIGINAL;

/** Seals a pincode to an organisation's public sealing key: only that organisation can open it. */
export async function sealPincode(pincode: string, sealingPublicKey: string): Promise<string> {
  await sodium.ready;
  const publicKey = sodium.from_base64(sealingPublicKey, base64());
  if (publicKey.length !== sodium.crypto_box_PUBLICKEYBYTES) {
    throw new TypeError('not a sealing public key');
  }
  return sodium.to_base64(sodium.crypto_box_seal(sodium.from_string(pincode), publicKey), base64());
}

/** Opens a pincode sealed to this key pair; throws when it was sealed to another key or altered. */
export async function openPincode(encryptedPincode: string, keys: SealingKeyPair): Promise<string> {
  await sodium.ready;
  const sealed = sodium.from_base64(encryptedPincode, base64());
  return sodium.to_string(sodium.crypto_box_seal_open(sealed, keys.publicKey, keys.privateKey));
}
