import type { AssignedRelease } from './api/transporters.ts';

/**
 * The one catalogue of error codes the portal answers with. The server turns every failure into
 * one of these; the web app shows the translation under `backend.error.{code}` (all five
 * locales carry every code). `message` is the English fallback for machine clients.
 */
export const errorCatalogue = {
  bad_request: { status: 400, message: 'The request is not valid.' },
  validation_failed: { status: 400, message: 'Some fields are missing or not valid.' },
  not_authenticated: { status: 401, message: 'You are not signed in.' },
  session_invalid: {
    status: 401,
    message: 'Your session has expired or is invalid. Please log in again.',
  },
  /**
   * An API key sent as a bearer token (`Authorization: Bearer scr_…`): not an expired session,
   * but the wrong scheme; the key itself is never checked in that form.
   */
  api_key_wrong_scheme: {
    status: 401,
    message: 'This is an API key: send it as “Authorization: ApiKey scr_…”, not as a Bearer token.',
  },
  forbidden: { status: 403, message: 'You may not do this.' },
  subscription_required: { status: 403, message: 'This feature requires a subscription.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'This operation is not allowed here.' },
  conflict: { status: 409, message: 'This conflicts with the current state. Please reload.' },
  already_exists: { status: 409, message: 'This already exists.' },
  payload_too_large: { status: 413, message: 'The upload is too large.' },
  /** `POST releases/coreor` (README "EDIFACT COREOR"): a body of another media type or charset. */
  coreor_content_type: {
    status: 415,
    message:
      'Send the COREOR interchange as JSON {"content": …}, as the body itself with Content-Type application/EDIFACT or text/plain, or as a multipart/form-data upload with the file in the field "file".',
  },
  too_many_requests: {
    status: 429,
    message: 'Too many attempts. Please wait a moment and try again.',
  },
  missing_target_organization: { status: 400, message: 'No target organisation was selected.' },
  no_release_selected: { status: 400, message: 'No release was selected.' },
  no_finalized_connection: {
    status: 400,
    message: 'There is no finalised connection between both organisations.',
  },
  /** Releases spec §5 "Transfer": a carrier transfers only to an organisation with an admin. */
  admin_user_not_found: { status: 400, message: 'Could not find admin user' },
  /** DESIGN §3: the signed statement is not exactly the call it came with. */
  statement_invalid: {
    status: 400,
    message: 'The signed statement does not match this action. Please try again.',
  },
  statement_replayed: { status: 409, message: 'This signed statement was already used.' },
  /** A release changed between the dry run and the signed call (another action came first). */
  release_conflict: {
    status: 409,
    message:
      'Some releases changed while you were confirming. Nothing was changed; please try again.',
  },
  /**
   * DESIGN §3 "Signing in": the portal has no personal sign-in key recorded for this user (an
   * on-premise wallet user made before personal keys), so no signature can prove the person.
   */
  sign_in_key_unregistered: {
    status: 401,
    message:
      "Your wallet's personal sign-in key is not registered with the portal yet. Ask your organisation's admin to register it.",
  },
  wallet_unauthorized: { status: 401, message: 'Wallet unauthorized. Please contact support.' },
  /** The wallet's answer when a password does not open the user's keystore (access spec §8). */
  invalid_credentials: { status: 401, message: 'invalid password' },
  /**
   * Access spec §5 "Duplicate driver", §8 "already exists": an active driver of the organisation
   * with the same first and last name, e-mail or phone digits. Said with the duplicate answer
   * (`isNew` false), which asks to confirm, not refused.
   */
  driver_already_exists: {
    status: 409,
    message: 'A driver with this name, e-mail address or phone number already exists.',
  },
  /** Access spec §8 "Driver, barge, train: already exists" (same ENI number in the organisation). */
  barge_already_exists: { status: 409, message: 'A barge with this ENI number already exists.' },
  /** Access spec §8: the same train code in the organisation. */
  train_already_exists: { status: 409, message: 'A train with this train code already exists.' },
  /**
   * Access spec §4 "Drivers, barges, trains": deactivating a transporter or changing its identifier
   * unassigns its releases; without the signed unassign the answer lists them to warn first.
   */
  transporter_has_assignments: {
    status: 409,
    message: 'Releases are assigned to this transporter. Confirm to unassign them first.',
  },
  /**
   * Releases spec §7 `releases/assignment/assign`: the identification names no active driver,
   * barge or train of the organisation (or a type it is not assigned with).
   */
  assignee_not_found: {
    status: 400,
    message: 'No active driver, barge or train of your organisation has this identification.',
  },
  /** Issue 13 item 4: "select all that match" holds at most `maxSelectedReleases` (5,000). */
  selection_too_large: {
    status: 400,
    message:
      'More than 5,000 releases match. Narrow the search or filter to select them all at once.',
  },
  database_unavailable: {
    status: 503,
    message: 'The database cannot be reached right now. Please try again shortly.',
  },
  /**
   * Releases spec §2 "Transfer to PCS and Revoke from PCS (non-carrier whose organisation is
   * connected to the PCS)": the caller's organisation is not connected to it.
   */
  pcs_not_connected: {
    status: 403,
    message: 'Your organisation is not connected to the port community system (PCS).',
  },
  /** Production without PCS_URL: the portal has no PCS to send to. */
  pcs_not_configured: {
    status: 503,
    message: 'The port community system (PCS) is not available on this portal.',
  },
  /** DESIGN §3 `POST gate-outs`: the container already left; a second gate-out is refused. */
  gate_out_done: {
    status: 409,
    message: 'This container has already left the terminal (gate-out).',
  },
  /** DESIGN §3 `POST gate-outs`: a blocked release cannot leave the terminal. */
  gate_out_blocked: {
    status: 409,
    message: 'This release is blocked: the container may not leave the terminal.',
  },
  /** DESIGN §3 `POST gate-outs`: a deleted release cannot leave the terminal. */
  gate_out_deleted: {
    status: 409,
    message: 'This release was deleted: the container may not leave the terminal.',
  },
  /** Access spec §8 "Itsme": POST driver/itsme without the authorization code. */
  itsme_missing_code: { status: 400, message: 'Missing itsmeCode' },
  /** Access spec §8 "Itsme": POST driver/itsme without the state as its bearer token. */
  itsme_missing_state: { status: 401, message: 'Missing state/accessToken' },
  /**
   * Access spec §8 "Itsme": an unknown, expired or used state, or a code the provider refuses;
   * nothing is changed and the driver starts again from a new link.
   */
  itsme_registration_failed: {
    status: 400,
    message: 'Error during itsme registration. Please restart your itsme verification.',
  },
  /** Access spec §8 "Itsme link": sending the link needs the driver's e-mail address. */
  itsme_missing_email: { status: 400, message: 'Missing email address' },
  /** No itsme provider is configured (production without ITSME_ISSUER_URL), or it cannot be reached. */
  itsme_unavailable: { status: 503, message: 'itsme registration is not available right now.' },
  /** Access spec §8 "Itsme link": the link's e-mail could not be queued. */
  itsme_email_failed: { status: 503, message: 'Error sending email' },
  /** Access spec §9: the fee changed since the order page showed it (a user count changed). */
  order_fee_changed: {
    status: 409,
    message: 'The price of this order has changed. Please check the new fee and order again.',
  },
  /** An order support already converted into subscriptions or cancelled. */
  order_already_handled: { status: 409, message: 'This order has already been handled.' },
  /**
   * Access spec §4 "Documents": a document is shared with a connected organisation that works
   * with documents (canDocuments), so that it can accept or reject it.
   */
  document_receiver_unavailable: {
    status: 400,
    message: 'This organisation does not work with documents, so it cannot receive one.',
  },
  /** Releases spec §5 "Download": a download needs a search, a filter or a selected row. */
  download_scope_required: {
    status: 400,
    message: 'Search, filter or select releases first: a download needs one of them.',
  },
  /** DESIGN §3: the server never holds a pincode in clear; the browser adds them with the wallet. */
  download_pincodes_in_browser: {
    status: 400,
    message: 'Files with pincodes are assembled in your browser by your wallet, not by the server.',
  },
  /** The ledger's proofs (docs/ledger.md): `event` is an event's hash. */
  ledger_event_invalid: {
    status: 400,
    message: "The event must be a ledger event's hash: 0x followed by 64 hexadecimal digits.",
  },
  /** A tree size (`treeSize`, `from`, `to`, a checkpoint's id) that is no whole number. */
  ledger_tree_size_invalid: {
    status: 400,
    message: 'A tree size must be a whole number from 0, or "latest" for the latest checkpoint.',
  },
  /** A consistency proof runs from a smaller tree to a larger one. */
  ledger_range_invalid: {
    status: 400,
    message:
      'A consistency proof goes from a smaller tree to a larger one: "from" must not pass "to".',
  },
  /** No checkpoint was signed at that tree size (or none yet at all). */
  ledger_checkpoint_not_found: {
    status: 404,
    message: 'No signed checkpoint has this tree size.',
  },
  /** The event is logged later than the tree asked for (or not logged yet). */
  ledger_event_not_in_checkpoint: {
    status: 404,
    message:
      'This event is not in that checkpoint yet: ask for a later checkpoint, or wait for the next one.',
  },
  /** An evidence bundle (docs/ledger.md, "Evidence bundles") is of one container or of one BL. */
  evidence_scope_required: {
    status: 400,
    message:
      'Ask for the evidence of one container (containerNumber) or of one bill of lading (blNumber), not both.',
  },
  evidence_container_number_invalid: {
    status: 400,
    message:
      'The container number is not an ISO 6346 number: 4 letters and 7 digits, the last one its check digit.',
  },
  evidence_bl_number_invalid: {
    status: 400,
    message: 'A BL number has letters, digits and . - / _ only, at most 35 characters.',
  },
  /** None of the caller's chains holds a release of it: the same whether or not one exists. */
  evidence_not_found: {
    status: 404,
    message: 'No release of this container or BL is in your organisation’s chains.',
  },
  evidence_too_many_releases: {
    status: 400,
    message:
      'More than 500 releases of this BL are in your chains: export their evidence container by container.',
  },
  /** An event could not be logged into a signed checkpoint in time (the sequencer was busy). */
  evidence_not_logged: {
    status: 503,
    message: 'The newest events are being added to the ledger’s signed log: try again in a minute.',
  },
  internal: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** The translation key the web app shows for an error code. */
export function errorTranslationKey(code: ErrorCode): `backend.error.${ErrorCode}` {
  return `backend.error.${code}`;
}

/** Narrows an unknown value (for example `data.code` of an answer) to a catalogued code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** The body every failed API answer carries under `data`, next to Feathers' own fields. */
export interface ErrorDetails {
  code: ErrorCode;
  key: `backend.error.${ErrorCode}`;
  /** Per-field problems of a validation failure: field path → translation key. */
  fields?: Record<string, string>;
  /** `transporter_has_assignments`: the releases a change would unassign (access spec §4). */
  assignedReleases?: AssignedRelease[];
  /** `too_many_requests`: how many seconds to wait (REST also sends it as `Retry-After`). */
  retryAfterSeconds?: number;
}
