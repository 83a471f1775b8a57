import { keccak256 } from 'ethers';
import { utf8Bytes } from './utf8.ts';
import { canonicalJson } from './canonical-json.ts';

/** The custody actions and the server's own records (DESIGN §3 "Who signs"). */
export const statementActions = [
  'create',
  'edit',
  'delete',
  'transfer',
  'revoke',
  'block',
  'unblock',
  'assign',
  'unassign',
  'pincode',
  'transferToPcs',
  'revokeFromPcs',
  'expire',
  'archive',
  'gateOut',
  /** A terminal's gate check (DESIGN §3): signed by the server, changes nothing. */
  'terminalCheck',
  /** What the PCS answered for a release sent to or revoked from it: signed by the server. */
  'pcsAnswer',
  /** An event of the port's status system (green lights): signed by the server. */
  'portStatus',
  /** The next mode of transport set by the holder (releases spec §7 `nmots`): signed by the server. */
  'nextModeOfTransport',
] as const;
export type StatementAction = (typeof statementActions)[number];

/** One release a statement covers, at the version it was seen. */
export interface StatementRelease {
  address: string;
  version: number;
  /** keccak-256 of the encryptedPincode string exactly as sent, or null without a pincode. */
  pincodeHash: string | null;
}

/** A statement: one action by one organisation (or the server) over some releases. */
export interface Statement {
  v: 1;
  action: StatementAction;
  /** ISO-8601 UTC time; the server accepts it within 5 minutes of its clock. */
  at: string;
  /** The signing organisation's address (or the server's, for its own records). */
  by: string;
  releases: StatementRelease[];
  /** The target organisation, for transfers only. */
  to?: string;
  /** Action details that are part of what was signed (edited fields, a reason…). */
  details?: Record<string, unknown>;
  /**
   * Assign only: who the releases are bound to (DESIGN §3 "Secure pick-up"), by the commitment
   * to the identification (`identificationCommitment`), never the identification itself.
   * Statements signed before commitments named the `identification` in clear.
   */
  assignee?: {
    identificationCommitment?: string;
    identification?: string;
    identificationType: string;
    type: string;
  };
  /** Assign only, when given: the terminal's visit number. */
  visitNumber?: string;
}

/** keccak-256 of the UTF-8 bytes of an encryptedPincode string, or null (DESIGN §3). */
export function pincodeHash(encryptedPincode: string | null | undefined): string | null {
  return encryptedPincode ? keccak256(utf8Bytes(encryptedPincode)) : null;
}

/** The exact text that is signed (EIP-191 personal_sign) and stored. */
export function statementText(statement: Statement): string {
  return canonicalJson(statement);
}

/** Builds a statement with its releases in address order, so equal actions give equal text. */
export function buildStatement(fields: Omit<Statement, 'v'>): Statement {
  const releases = [...fields.releases].sort((a, b) => (a.address < b.address ? -1 : 1));
  return { v: 1, ...fields, releases };
}

/** Reads a signed statement text back; throws on anything that is not one. */
export function parseStatement(text: string): Statement {
  const value = JSON.parse(text) as Statement;
  if (
    value?.v !== 1 ||
    !statementActions.includes(value.action) ||
    !Array.isArray(value.releases)
  ) {
    throw new TypeError('not a statement');
  }
  if (!isCanonical(value, text)) throw new TypeError('statement text is not canonical');
  return value;
}

/**
 * Whether `text`, parsed to `value`, is `canonicalJson(value)`. A parsed value holds no
 * undefined, NaN or Infinity, so it is when the native `JSON.stringify` gives the text back and
 * every object's keys come in code-point order: ten times faster than building the canonical
 * text for a 10,000-release statement (docs/production.md, "Heavy work and its budgets"). Anything else (keys V8 orders as
 * integers, say) is decided by `canonicalJson` itself.
 */
function isCanonical(value: unknown, text: string): boolean {
  if (JSON.stringify(value) === text && keysSorted(value)) return true;
  return canonicalJson(value) === text;
}

function keysSorted(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(keysSorted);
  if (value === null || typeof value !== 'object') return true;
  let previous: string | undefined;
  for (const key in value) {
    if (previous !== undefined && !(previous < key)) return false;
    previous = key;
    if (!keysSorted((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}
