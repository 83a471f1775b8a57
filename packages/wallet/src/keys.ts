import { getBytes, hexlify, randomBytes, Wallet } from 'ethers';
import sodium from 'libsodium-wrappers';

/**
 * The context that separates the pincode sealing key from the signing key it is derived from
 * (DESIGN §3): one secret backs both, and the sealing key cannot be used to sign.
 */
const sealingContext = 'scr/pincode-sealing-key/v1';

/** An organisation's key material: the signing key and the public halves published with it. */
export interface OrganisationKeys {
  /** secp256k1 private key, 0x-prefixed hex. Lives only in the wallet, encrypted. */
  privateKey: string;
  /** EIP-55 address of the signing key: the organisation's identity in the chain. */
  address: string;
  /** X25519 public key (base64) that pincodes are sealed to. */
  sealingPublicKey: string;
}

/** The X25519 box key pair used to open pincodes, derived from the signing key. */
export interface SealingKeyPair {
  publicKey: Uint8Array;
  privateKey: Uint8Array;
}

/** Derives the sealing key pair: BLAKE2b(signing key, keyed with the context) seeds a box key pair. */
export async function deriveSealingKeyPair(privateKey: string): Promise<SealingKeyPair> {
  await sodium.ready;
  const seed = sodium.crypto_generichash(
    sodium.crypto_box_SEEDBYTES,
    getBytes(privateKey),
    sodium.from_string(sealingContext),
  );
  const pair = sodium.crypto_box_seed_keypair(seed);
  seed.fill(0);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** Keys for an organisation whose private key is already known. */
export async function organisationKeysFrom(privateKey: string): Promise<OrganisationKeys> {
  const signer = new Wallet(privateKey);
  const sealing = await deriveSealingKeyPair(signer.privateKey);
  sealing.privateKey.fill(0);
  return {
    privateKey: signer.privateKey,
    address: signer.address,
    sealingPublicKey: sodium.to_base64(sealing.publicKey, sodium.base64_variants.ORIGINAL),
  };
}

/**
 * A new secp256k1 key straight from 32 random bytes. `Wallet.createRandom()` would first make a
 * BIP-39 mnemonic and derive the key through PBKDF2 and five BIP-32 steps, about 50 ms of CPU for
 * a phrase nobody keeps: nothing here recovers keys from mnemonics.
 */
export function randomWallet(): Wallet {
  return new Wallet(hexlify(randomBytes(32)));
}

/** Creates fresh key material for a new organisation. */
export async function createOrganisationKeys(): Promise<OrganisationKeys> {
  return organisationKeysFrom(randomWallet().privateKey);
}
