import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { concat, getAddress, keccak256, toUtf8Bytes } from 'ethers';
import { keccakBytes } from '../crypto/fast-keccak.ts';

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
  return releaseAddressOf(serverAddress, blNumber, containerNumber, randomBytes(nonceBytes));
}

/** The random bytes of a release address's nonce. */
export const nonceBytes = 32;

/** ES2024's `String.prototype.isWellFormed` (Node 20), beyond our `lib`. */
type WellFormed = { isWellFormed(): boolean };

/**
 * `newReleaseAddress` with its nonce given: `getAddress` of the digest's last 20 bytes, in bytes
 * and one pass rather than through ethers' hex strings (a 5,000-row upload makes 5,000). A text
 * with a lone surrogate goes through ethers, which refuses it as before.
 */
export function releaseAddressOf(
  serverAddress: string,
  blNumber: string,
  containerNumber: string,
  nonce: Uint8Array,
): string {
  const text = `${serverAddress}\n${blNumber}\n${containerNumber}\n`;
  if (!(text as unknown as WellFormed).isWellFormed()) {
    return getAddress(`0x${keccak256(concat([toUtf8Bytes(text), nonce])).slice(-40)}`);
  }
  const digest = keccakBytes(Buffer.from(text, 'utf8'), nonce);
  return checksummedAddress(Buffer.from(digest.subarray(12)).toString('hex'));
}

/**
 * EIP-55 of 40 lower-case hex digits, as ethers `getAddress` writes it: a digit is upper case
 * where its nibble of keccak-256 of the lower-case text is 8 or more.
 */
function checksummedAddress(lowerHex: string): string {
  const hash = keccakBytes(Buffer.from(lowerHex, 'latin1'));
  let address = '0x';
  for (let i = 0; i < 40; i += 1) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    address += nibble >= 8 ? lowerHex[i]!.toUpperCase() : lowerHex[i]!;
  }
  return address;
}

/**
 * A bill of lading's address (releases spec §3 "Bill of lading": address): 0x + the last 20
 * bytes of keccak-256 of its carrier's address and its number, EIP-55. BLs are unique per
 * carrier and number, so this names one BL the same way for everyone, with no column to keep.
 * Unlike a release's it is not a secret: it is never taken as a way in to anything.
 */
export function billOfLadingAddress(carrierAddress: string, blNumber: string): string {
  const key = `${carrierAddress.toLowerCase()}\n${blNumber}`;
  let address = billOfLadingAddresses.get(key);
  if (address === undefined) {
    const digest = keccak256(toUtf8Bytes(`scr-bill-of-lading\n${key}`));
    address = getAddress(`0x${digest.slice(-40)}`);
    if (billOfLadingAddresses.size >= checksumsKept) {
      billOfLadingAddresses.delete(billOfLadingAddresses.keys().next().value!);
    }
    billOfLadingAddresses.set(key, address);
  }
  return address;
}

/** Whether a value looks like a release address (0x + 40 hex digits, any case). */
export function isReleaseAddress(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
}

/**
 * EIP-55 forms computed lately, by lower-case address: a checksum costs a keccak-256 (10 µs
 * or more), and a bulk action names the same 10,000 addresses in its dry run, its statement
 * and its second call. A pure function's memo, bounded, the oldest forgotten first.
 */
const checksums = new Map<string, string>();
const checksumsKept = 50_000;
/** The same for BL addresses (two keccak-256 each), by carrier address and BL number. */
const billOfLadingAddresses = new Map<string, string>();

/** A release address as stored (EIP-55), whatever case it was sent in; null when it is not one. */
export function normaliseReleaseAddress(value: unknown): string | null {
  if (!isReleaseAddress(value)) return null;
  const lower = value.toLowerCase();
  let checksummed = checksums.get(lower);
  if (checksummed === undefined) {
    checksummed = getAddress(lower);
    if (checksums.size >= checksumsKept) checksums.delete(checksums.keys().next().value!);
    checksums.set(lower, checksummed);
  }
  return checksummed;
}

/**
 * `normaliseReleaseAddress` of each value, 500 at a time, letting the event loop turn between
 * pieces: 10,000 new addresses cost 100 ms or more (docs/production.md, "Heavy work and its budgets").
 */
export async function normaliseReleaseAddresses(
  values: readonly unknown[],
): Promise<(string | null)[]> {
  const normalised: (string | null)[] = [];
  for (let i = 0; i < values.length; i += 500) {
    if (i > 0) await yieldToLoop();
    for (const value of values.slice(i, i + 500)) normalised.push(normaliseReleaseAddress(value));
  }
  return normalised;
}
