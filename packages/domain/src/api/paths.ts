import type { CustodyAction } from '../releases/custody.ts';
import { isPcsAction } from '../releases/pcs.ts';

/**
 * The custody services (releases spec §7: the service name is the plural of the action; pincode
 * retrieval is `pincode-log`). Each takes two `create` calls: the dry run, then the signed apply.
 */
export const custodyServicePaths = {
  transfer: 'transfers',
  revoke: 'revokes',
  block: 'blocks',
  unblock: 'unblocks',
  pincode: 'pincode-log',
  // Releases spec §7: assignment is `PUT releases/assignment/assign` and `/unassign` (update).
  assign: 'releases/assignment/assign',
  unassign: 'releases/assignment/unassign',
  // Releases spec §7: `PUT releases/pcs/transferToPcs` and `revokeFromPcs` (update, no id).
  transferToPcs: 'releases/pcs/transferToPcs',
  revokeFromPcs: 'releases/pcs/revokeFromPcs',
} as const satisfies Record<CustodyAction, string>;

/**
 * How a custody service is called (releases spec §7): assign, unassign and the PCS actions are
 * `PUT` without an id (Feathers `update(null, …)`), every other action `POST` (`create`).
 */
export function custodyCallMethod(action: CustodyAction): 'create' | 'update' {
  return action === 'assign' || action === 'unassign' || isPcsAction(action) ? 'update' : 'create';
}

/**
 * Every service the portal's API offers, by the path Feathers registers it under: REST at
 * `/api/{path}`, socket.io by the same name. The server registers its services under these and
 * the web calls them by these, so a path is written once.
 */
export const servicePaths = {
  appInfo: 'app-info',
  authentication: 'authentication',
  authenticationChallenges: 'authentication-challenges',
  findUser: 'find-user',
  twoFactorSend: 'two-factor/auth/email',
  twoFactorValidate: 'two-factor/auth/email/validate',
  users: 'users',
  organizations: 'organizations',
  organizationFeatures: 'organization-features',
  subscriptions: 'subscriptions',
  connections: 'connections',
  terminals: 'terminals',
  ports: 'ports',
  /** Releases spec §2 "pickupMethod", §3 "assignLocationLabel": the assign locations. */
  assignLocations: 'assign-locations',
  apiKeys: 'api-keys',
  apiKeyScopes: 'api-key-scopes',
  /** README "The API for systems": a system's own wallet user in the cloud wallet. */
  machineWalletUsers: 'machine-wallet-users',
  releases: 'releases',
  releaseUploads: 'release-uploads',
  billsOfLading: 'bills-of-lading',
  /** Feathers route parameter `:blNumber`; the web fills it in with `billOfLadingTermsPath`. */
  billOfLadingTerms: 'bills-of-lading/terms/:blNumber',
  containers: 'containers',
  auditTrail: 'audit-trail',
  preferences: 'preferences',
  ...custodyServicePaths,
  // Secure pick-up (issue 11): transporters, assignment, the terminal and its gate.
  drivers: 'drivers',
  barges: 'barges',
  trains: 'trains',
  transporterReports: 'transporters/reports',
  itsmeConfirm: 'driver/itsme',
  assignmentInfo: 'releases/assignment/info',
  assignmentCheck: 'releases/assignment/check',
  assign: 'releases/assignment/assign',
  unassign: 'releases/assignment/unassign',
  nmots: 'nmots',
  securePickupContainers: 'terminal-user/secure-pickup-containers',
  gateChecks: 'gate-checks',
  gateOuts: 'gate-outs',
  // Port integrations (issue 14 item 2): the port's status system posts green-light events.
  portStatusEvents: 'port-status/events',
  /** `GET releases/pcs/reports/{statementHash}`: a PCS action's report as it stands (§8). */
  pcsReports: 'releases/pcs/reports',
  // Dashboard and big selections (issue 13 items 3 and 4; releases spec §7 `dashboard`).
  dashboard: 'dashboard',
  releaseSelection: 'release-selection',
  // Premium order (issue 12 item 5).
  orders: 'orders',
  // Support tickets (access spec §7 "Tickets"; issue 12 item 6) and login links (§4 "Login flow").
  tickets: 'tickets',
  ticketImages: 'ticket-images',
  loginLinks: 'login-links',
  // Requests for release (issue 12 item 3; releases spec §7 `requests-for-release`).
  requestsForRelease: 'requests-for-release',
  requestForReleaseCarriers: 'requests-for-release/carriers',
  requestForReleaseFiles: 'requests-for-release/files',
  // Documents (issue 12 item 4; access spec §7 "Documents").
  documents: 'documents',
  documentTypes: 'document-types',
  documentShare: 'document-share',
  documentAttachments: 'document-attachments',
  // Downloads and print (issue 13 item 2; releases spec §7 `POST /releases/download/get`, `/download`).
  releaseDownloadRows: 'releases/download/get',
  releaseDownload: 'releases/download',
  // Bulk operations (issue 13 item 1; releases spec §5 "Bulk operations file", §4).
  bulkFiles: 'bulk-operations/files',
  bulkClassifications: 'bulk-operations/classifications',
  // EDIFACT COREOR import (issue 14 item 4) and webhooks (issue 14 item 5).
  coreor: 'releases/coreor',
  webhookEndpoints: 'webhook-endpoints',
  webhookDeliveries: 'webhook-deliveries',
  webhookRedeliveries: 'webhook-redeliveries',
  // The ledger's signed checkpoints and their proofs (RFC 9162; docs/ledger.md).
  ledgerCheckpoints: 'ledger/checkpoints',
  ledgerInclusionProofs: 'ledger/proofs/inclusion',
  ledgerConsistencyProofs: 'ledger/proofs/consistency',
  // An evidence bundle of a container or a BL (docs/ledger.md, "Evidence bundles").
  ledgerEvidence: 'ledger/evidence',
} as const;

export type ServicePath = (typeof servicePaths)[keyof typeof servicePaths];

/** The terms service of one BL: `bills-of-lading/terms/{blNumber}`, the number URL-encoded. */
export function billOfLadingTermsPath(blNumber: string): string {
  return servicePaths.billOfLadingTerms.replace(':blNumber', encodeURIComponent(blNumber));
}
