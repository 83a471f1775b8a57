import { getAddress, Wallet } from 'ethers';
import sodium from 'libsodium-wrappers';
import { describe, expect, it } from 'vitest';
import { createOrganisationKeys, deriveSealingKeyPair, organisationKeysFrom } from './keys.ts';

describe('organisation keys (DESIGN §3 "Keys and the ID wallet")', () => {
  it('gives an EIP-55 address that belongs to the private key', async () => {
    const keys = await createOrganisationKeys();
    expect(keys.address).toBe(getAddress(keys.address));
    expect(new Wallet(keys.privateKey).address).toBe(keys.address);
  });

  it('derives the same sealing key from the same signing key, and another from another', async () => {
    const keys = await createOrganisationKeys();
    const again = await organisationKeysFrom(keys.privateKey);
    const other = await createOrganisationKeys();
    expect(again.sealingPublicKey).toBe(keys.sealingPublicKey);
    expect(other.sealingPublicKey).not.toBe(keys.sealingPublicKey);
  });

  it('publishes a sealing key that opens what was sealed to it', async () => {
    await sodium.ready;
    const keys = await createOrganisationKeys();
    const publicKey = sodium.from_base64(keys.sealingPublicKey, sodium.base64_variants.ORIGINAL);
    const sealed = sodium.crypto_box_seal(sodium.from_string('123456'), publicKey);
    const pair = await deriveSealingKeyPair(keys.privateKey);
    const opened = sodium.crypto_box_seal_open(sealed, pair.publicKey, pair.privateKey);
    expect(sodium.to_string(opened)).toBe('123456');
  });
});
