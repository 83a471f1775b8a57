import { randomBytes } from 'node:crypto';
import { concat, getAddress, keccak256, toUtf8Bytes } from 'ethers';

/**
 * A new release's address (DESIGN §3: releases are referred to by address in the API and in
 * statements): 0x + 20 bytes, EIP-55, from keccak-256 of the server's address, the BL, the
 * container and 32 random bytes. The random nonce makes it unpredictable (nobody can guess the
 * address of a release they were not given) and unique in practice; the unique index on
 * `releases.address` guards the rest.
 */
export function newReleaseAddress(
  serverAddress: string,
  blNumber: string,
  containerNumber: string,
): string {
  const digest = keccak256(
    concat([toUtf8Bytes(`${serverAddress}\n${blNumber}\n${containerNumber}\n`), randomBytes(32)]),
  );
  return getAddress(`0x${digest.slice(-40)}`);
}

/** Whether a value looks like a release address (0x + 40 hex digits, any case). */
export function isReleaseAddress(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
}

/** A release address as stored (EIP-55), whatever case it was sent in; null when it is not one. */
export function normaliseReleaseAddress(value: unknown): string | null {
  return isReleaseAddress(value) ? getAddress(value.toLowerCase()) : null;
}
