import { randomBytes } from 'node:crypto';
import { concat, getAddress, keccak256, toUtf8Bytes, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import '../crypto/fast-keccak.ts';
import { newReleaseAddress, releaseAddressOf } from './release-address.ts';

/** The address as `newReleaseAddress` defines it, through ethers alone. */
const reference = (server: string, bl: string, container: string, nonce: Uint8Array) =>
  getAddress(
    `0x${keccak256(concat([toUtf8Bytes(`${server}\n${bl}\n${container}\n`), nonce])).slice(-40)}`,
  );

describe('a release address: keccak-256 of server, BL, container and a nonce, EIP-55', () => {
  it('is the address ethers computes, for many servers, BLs, containers and nonces', () => {
    for (let i = 0; i < 300; i++) {
      const server = Wallet.createRandom().address;
      const bl = i % 3 === 0 ? `BL${i}` : `Bl-é’${'x'.repeat(i % 40)}`;
      const container = `MSCU${String(i).padStart(7, '0')}`;
      const nonce = randomBytes(32);
      expect(releaseAddressOf(server, bl, container, nonce)).toBe(
        reference(server, bl, container, nonce),
      );
    }
  });

  it('a new one is checksummed and differs each time (its nonce is random)', () => {
    const server = Wallet.createRandom().address;
    const a = newReleaseAddress(server, 'BL1', 'MSCU1234565');
    const b = newReleaseAddress(server, 'BL1', 'MSCU1234565');
    expect(getAddress(a)).toBe(a);
    expect(a).not.toBe(b);
  });

  it('a text with a lone surrogate is refused, as ethers refuses it', () => {
    const server = Wallet.createRandom().address;
    expect(() => releaseAddressOf(server, 'BL\ud800', 'MSCU1234565', randomBytes(32))).toThrow();
  });
});
