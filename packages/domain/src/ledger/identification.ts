import { keccak256 } from 'ethers';
import { utf8Bytes } from './utf8.ts';

/**
 * What a signed assign statement and its ledger event bind instead of the identification
 * itself (docs/ledger.md, "Identifications stay out of the ledger"): keccak-256 of a random
 * salt, the identification type and the identification. The salt (16 random bytes, `0x` + 32 hex
 * digits, given by the dry run and sent back with the second call) is kept with the assignment
 * row, never in the ledger: without it a 6-digit alfaPass number cannot be guessed from the
 * commitment by trying them all, and with it the portal proves the row is the one signed.
 */
export function identificationCommitment(
  salt: string,
  identificationType: string,
  identification: string,
): string {
  return keccak256(
    utf8Bytes(`scr-identification\n${salt}\n${identificationType}\n${identification}`),
  );
}

/** A salt as `identificationCommitment` takes it. */
export function isIdentificationSalt(value: unknown): value is string {
  return typeof value === 'string' && /^0x[0-9a-f]{32}$/.test(value);
}

/**
 * An identification as the ledger, printouts and whoever did not register it see it: its last
 * three characters after three dots (`•••305`); nothing of one shorter than six characters (a
 * 5-digit alfaPass would otherwise show most of itself). A masked one stays as it is.
 */
export function maskIdentification(identification: string): string {
  const text = identification.trim();
  return text.length >= 6 ? `•••${text.slice(-3)}` : '•••';
}

/**
 * An identification as an assign event's description records it (and replay reads it back):
 * its commitment, and masked for reading; never the identification itself.
 */
export function recordedIdentification(assignee: {
  identification: string;
  identificationType: string;
  salt: string;
}) {
  return {
    identificationCommitment: identificationCommitment(
      assignee.salt,
      assignee.identificationType,
      assignee.identification,
    ),
    identificationMasked: maskIdentification(assignee.identification),
  };
}
