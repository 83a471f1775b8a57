import { Type, type TSchema } from '@feathersjs/typebox';
import { servicePaths, type CustodyAction } from '@scr/domain';
import { assignmentQuerySchema } from '../services/assignment/assignment.schema.ts';
import { auditTrailRequestSchema } from '../services/audit-trail/audit-trail.schema.ts';
import { coreorUploadSchema } from '../services/coreor/coreor.schema.ts';
import { portStatusEventsSchema } from '../services/green-lights/green-lights.schema.ts';
import { releaseManyQuerySchema } from '../services/releases/releases.schema.ts';
import { evidenceQuerySchema } from '../services/evidence/evidence.schema.ts';
import type { ApiOperation } from './api-operation.ts';
import {
  assignmentCheckSchema,
  assignmentInfoSchema,
  auditTrailAnswerSchema,
  billOfLadingRowSchema,
  containerRowSchema,
  custodyApplyAnswerSchema,
  custodyDryRunAnswerSchema,
  errorAnswerSchema,
  greenLightsSchema,
  overviewPageSchema,
  pcsApplyAnswerSchema,
  pcsDryRunAnswerSchema,
  pcsReportAnswerSchema,
  pcsReportLineSchema,
  portStatusEventsAnswerSchema,
  releaseChangeSchema,
} from './answer-schemas.ts';
import {
  coreorAnswerSchema,
  coreorErrorSchema,
  webhookEventBodySchema,
} from './integration-schemas.ts';
import {
  checkpointWebhookBodySchema,
  consistencyProofAnswerSchema,
  inclusionProofAnswerSchema,
  signedCheckpointSchema,
} from './ledger-schemas.ts';
import { evidenceBundleSchema } from './evidence-schemas.ts';
import {
  organizationLookupPageSchema,
  organizationLookupQuerySchema,
  organizationLookupSchema,
  ownOrganizationSchema,
} from './organization-schemas.ts';
import {
  requestCarrierSchema,
  requestFileContentSchema,
  requestForReleasePageSchema,
  requestForReleaseSchema,
} from './request-for-release-schemas.ts';
import { requestsForReleaseQuerySchema } from '../services/requests-for-release/requests-for-release.schema.ts';
import { adminOperations, adminSchemas } from './admin-operations.ts';
import { integrationOperations } from './integration-operations.ts';
import {
  billsOfLadingQuery,
  containersQuery,
  custodyBodies,
  releaseCreateBody,
  releaseCreateManyBody,
  releasePatchBody,
  requestForReleaseCreateBody,
  requestSchemas,
  type CustodyBodies,
} from './request-schemas.ts';
import { statementReleaseSchema, statementSchemas } from './statement-schemas.ts';

const containerPage = overviewPageSchema(containerRowSchema, 'ContainerPage');
const billOfLadingPage = overviewPageSchema(billOfLadingRowSchema, 'BillOfLadingPage');
const custodyAnswer = Type.Union([custodyDryRunAnswerSchema, custodyApplyAnswerSchema]);
const releaseAddress = 'A release address (0x…)';

/**
 * The schemas the document lists by name (`#/components/schemas/{name}`); wherever an operation
 * uses one of these very objects, the document refers to it.
 */
export const namedSchemas: Record<string, TSchema> = {
  ...requestSchemas,
  ...statementSchemas,
  StatementRelease: statementReleaseSchema,
  ...adminSchemas,
  Release: containerRowSchema,
  ReleaseChange: releaseChangeSchema,
  BillOfLading: billOfLadingRowSchema,
  ContainerPage: containerPage,
  BillOfLadingPage: billOfLadingPage,
  CustodyDryRunAnswer: custodyDryRunAnswerSchema,
  CustodyApplyAnswer: custodyApplyAnswerSchema,
  AuditTrailAnswer: auditTrailAnswerSchema,
  PcsDryRunAnswer: pcsDryRunAnswerSchema,
  PcsApplyAnswer: pcsApplyAnswerSchema,
  PcsReportAnswer: pcsReportAnswerSchema,
  PcsReportLine: pcsReportLineSchema,
  GreenLights: greenLightsSchema,
  PortStatusEvents: portStatusEventsSchema,
  PortStatusEventsAnswer: portStatusEventsAnswerSchema,
  CoreorUpload: coreorUploadSchema,
  CoreorAnswer: coreorAnswerSchema,
  CoreorError: coreorErrorSchema,
  WebhookEvent: webhookEventBodySchema,
  SignedCheckpoint: signedCheckpointSchema,
  InclusionProof: inclusionProofAnswerSchema,
  ConsistencyProof: consistencyProofAnswerSchema,
  CheckpointWebhookEvent: checkpointWebhookBodySchema,
  EvidenceBundle: evidenceBundleSchema,
  OrganizationLookup: organizationLookupSchema,
  OrganizationLookupPage: organizationLookupPageSchema,
  OwnOrganization: ownOrganizationSchema,
  RequestForRelease: requestForReleaseSchema,
  RequestForReleasePage: requestForReleasePageSchema,
  RequestCarrier: requestCarrierSchema,
  RequestFileContent: requestFileContentSchema,
  Error: errorAnswerSchema,
};

const signing =
  'Two calls (DESIGN §3): first `dryRun: true` with the releases; the answer lists the eligible ones with their `version` (and, for a transfer, your sealed pincode copy and the target’s sealing key). Your own wallet (`npm run wallet`) reseals each pincode to the target (`POST /pincodes/reseal`) and signs one statement with the organisation key (`POST /sign`); the second call carries the releases as signed, the statement and its signature. The statement’s members, the canonical JSON it is sent as, how each `pincodeHash` is formed and the signature are in the second call’s `statement` (its `contentSchema`: `TransferStatement`, `RevokeStatement`, `BlockStatement`, `UnblockStatement`, `PincodeStatement`, `AssignStatement`, `UnassignStatement`, `TransferToPcsStatement`, `RevokeFromPcsStatement`). The ledger records the API key that called.';

/** The custody services (releases spec §7; DESIGN §3): two calls each, signed by the wallet. */
function custodyOperation(action: Exclude<CustodyAction, 'assign' | 'unassign'>, id: string) {
  const pincode = action === 'pincode';
  const bodies: CustodyBodies =
    action === 'transfer'
      ? custodyBodies.transfer
      : pincode
        ? custodyBodies.pincode
        : custodyBodies.revokeBlockUnblock;
  return {
    id,
    service: servicePaths[action === 'pincode' ? 'pincode' : action],
    method: 'create',
    tag: 'Custody',
    summary: pincode
      ? 'Fetch pincodes: your sealed copies, for your wallet to open'
      : `${action[0]!.toUpperCase()}${action.slice(1)} releases (signed)`,
    description: pincode
      ? `${signing} The second call answers your sealed copy per release (\`data\`); open them with your wallet (\`POST /pincodes/open\`): the portal never reads a pincode. From then on those releases cannot be transferred.`
      : signing,
    scopes: ['custody:write'],
    body: Type.Union([bodies.dryRun, bodies.apply]),
    answer: custodyAnswer,
  } satisfies ApiOperation;
}

const pcsSigning =
  'Releases spec §7, DESIGN §3: a custody action, in two calls signed as the others (see `transferReleases`), with an API key of scope `custody:write`. Your organisation must be connected to the PCS. The dry run lists the releases it leaves out with why (`refused`, and the spec’s `errors`): already transferred, terminal has no PCS (`ediPcs`), send-status conflict, not available in PCS. The statement your wallet signs names the action, your organisation and each eligible release with its `version` and `pincodeHash` as the dry run answered them; no target. The signed call puts the releases in "sending to PCS" and sends one message to the PCS at once; the answer reports per release `done`, `refused` with the reason, or `pending` when the PCS was down, slow or answering errors: the portal tries again by itself and never leaves a release half-sent (after the last try it goes back to where it was). Read the report again with `getPcsReport`.';

/** The PCS actions (releases spec §7; issue 14 item 1): `PUT releases/pcs/*`, two signed calls. */
function pcsOperation(action: 'transferToPcs' | 'revokeFromPcs') {
  return {
    id: action,
    service: servicePaths[action],
    method: 'update',
    tag: 'PCS',
    summary:
      action === 'transferToPcs'
        ? 'Transfer releases to the port community system (signed)'
        : 'Revoke releases from the port community system (signed)',
    description: pcsSigning,
    scopes: ['custody:write'],
    body: Type.Union([custodyBodies.pcs.dryRun, custodyBodies.pcs.apply]),
    answer: Type.Union([pcsDryRunAnswerSchema, pcsApplyAnswerSchema]),
  } satisfies ApiOperation;
}

/** Every operation of the machine API, in the order the document lists them. */
export const apiOperations: readonly ApiOperation[] = [
  {
    id: 'createReleases',
    service: servicePaths.releases,
    method: 'create',
    tag: 'Releases',
    summary: 'Create one release, or an array of them (carriers)',
    description:
      'Releases spec §3 "Create payload": `billOfLading` and `container`; `container.blNumber` may repeat the BL number and must then be the same. A pincode sent in clear is sealed to your organisation at once and never stored; `encryptedPincode` is one you sealed yourself.',
    scopes: ['releases:write'],
    body: Type.Union([releaseCreateBody, releaseCreateManyBody]),
    answer: Type.Union([containerRowSchema, Type.Array(containerRowSchema)]),
  },
  {
    id: 'getRelease',
    service: servicePaths.releases,
    method: 'get',
    idDescription: releaseAddress,
    tag: 'Releases',
    summary: 'One release of your chain, as your organisation sees it',
    scopes: ['releases:read'],
    answer: containerRowSchema,
  },
  {
    id: 'editRelease',
    service: servicePaths.releases,
    method: 'patch',
    withId: true,
    idDescription: releaseAddress,
    tag: 'Releases',
    summary: 'Edit one release (carriers; releases spec §3 "Edit form fields")',
    description:
      'Send `version` to be refused (409) when the release changed since you read it. With `type` (transfer, revoke, block, unblock) this is the custody action on this release, in the same two signed calls as the custody services (it needs `custody:write` too).',
    scopes: ['releases:write'],
    body: releasePatchBody,
    answer: Type.Union([Type.Array(releaseChangeSchema), custodyAnswer]),
  },
  {
    id: 'editReleases',
    service: servicePaths.releases,
    method: 'patch',
    tag: 'Releases',
    summary: 'Edit several releases at once (carriers; empty fields are left out)',
    description:
      'The releases are named in the query: `address=0x…` for one, `address[$in]=0x…&address[$in]=0x…` for several. The answer says per release what became of it.',
    scopes: ['releases:write'],
    body: releasePatchBody,
    query: releaseManyQuerySchema,
    answer: Type.Union([Type.Array(releaseChangeSchema), custodyAnswer]),
  },
  {
    id: 'deleteRelease',
    service: servicePaths.releases,
    method: 'remove',
    withId: true,
    idDescription: releaseAddress,
    tag: 'Releases',
    summary: 'Delete one release (carriers)',
    scopes: ['releases:write'],
    answer: Type.Array(releaseChangeSchema),
  },
  {
    id: 'deleteReleases',
    service: servicePaths.releases,
    method: 'remove',
    tag: 'Releases',
    summary: 'Delete several releases (carriers), named in the query as for editReleases',
    scopes: ['releases:write'],
    query: releaseManyQuerySchema,
    answer: Type.Array(releaseChangeSchema),
  },
  {
    id: 'findBillsOfLading',
    service: servicePaths.billsOfLading,
    method: 'find',
    tag: 'Find',
    summary: 'Your releases grouped by bill of lading: search, filter, page, sort',
    scopes: ['releases:read'],
    query: billsOfLadingQuery,
    answer: billOfLadingPage,
  },
  {
    id: 'findContainers',
    service: servicePaths.containers,
    method: 'find',
    tag: 'Find',
    summary: 'Your releases one per container: search, filter, page, sort, or by BL',
    scopes: ['releases:read'],
    query: containersQuery,
    answer: containerPage,
  },
  {
    id: 'getOwnOrganization',
    service: servicePaths.organizations,
    method: 'get',
    idDescription: '`0`: your own organisation',
    tag: 'Organisations',
    summary: 'Your organisation and its transfer targets (releases spec §7 `organizations` get 0)',
    description:
      'Every organisation with a finalised connection to yours, either way, by name, with the sealing key a pincode is resealed to; a terminal transfers to no one, so its list is empty.',
    scopes: ['releases:read'],
    answer: ownOrganizationSchema,
  },
  {
    id: 'findOrganizations',
    service: servicePaths.organizations,
    method: 'find',
    tag: 'Organisations',
    summary:
      'Your connected organisations, or organisations by a list of ids or of addresses (releases spec §6, §7 `organizations` find)',
    description:
      'Connected organisations: `connected=true` answers every organisation with a finalised connection to yours, either way, by name (your transfer targets, releases spec §6), each with its `address` (a transfer’s `target_organization_address`), `role` and postal address; `search` keeps those whose name or VAT number holds a text. Only your own organisation’s connections: another’s are never answered, and a terminal has none.\n\nBy ids or addresses: `id=…` or `id[$in]=…&id[$in]=…`, `address=0x…` or `address[$in]=0x…` (any case), up to 100 of each in one page; given both, an organisation must match both. Answers your own organisation and those with a finalised connection to it, either way (a terminal: only its own); any other is simply absent, as one that does not exist.\n\nWith an API key only these lookups: the administration’s lists and searches are for people.',
    scopes: ['releases:read'],
    query: organizationLookupQuerySchema,
    answer: organizationLookupPageSchema,
  },
  {
    id: 'findRequestCarriers',
    service: servicePaths.requestForReleaseCarriers,
    method: 'find',
    tag: 'Requests for release',
    summary: 'The carriers your organisation may send requests for release to',
    description:
      'Access spec §9: the carriers your subscription for requests for release (plan 11) names. Requesters only (canRequestForRelease); a carrier or terminal is refused.',
    scopes: ['releases:read'],
    answer: Type.Array(requestCarrierSchema),
  },
  {
    id: 'sendRequestForRelease',
    service: servicePaths.requestsForRelease,
    method: 'create',
    tag: 'Requests for release',
    summary: 'Ask a carrier to release the containers of a BL (releases spec §7, the spec payload)',
    description:
      'Releases spec §3, §5, §7: `reference`, `invoiceNumber`, `carrierAddress` (one of `findRequestCarriers`), `blNumber`, `containersRaw` (free text, split by dash, comma, semicolon, tab, newline or a space after more than 6 characters), `containers` (the list: alone it is taken, read as the free text is; with `containersRaw` it must name the same containers, in any order or case, else 400 `containers`), `files` (base64, checked by content and size), `organizationAddress` (optional; must be your own organisation, else 400 `organizationAddress`: nobody asks in another’s name), `createdAt` (optional; taken and ignored: the request carries the time the server received it). A refusal names each field with its translation key and stores nothing.',
    scopes: ['releases:write'],
    body: requestForReleaseCreateBody,
    answer: requestForReleaseSchema,
  },
  {
    id: 'findRequestsForRelease',
    service: servicePaths.requestsForRelease,
    method: 'find',
    tag: 'Requests for release',
    summary: 'The requests your organisation sent, or (a carrier) those addressed to it',
    description:
      'Releases spec §7 `find`: `organizationAddress` keeps the requests of that requester (any case): a carrier’s from one organisation, a requester’s own (another’s address finds none). Newest first.',
    scopes: ['releases:read'],
    query: requestsForReleaseQuerySchema,
    answer: requestForReleasePageSchema,
  },
  {
    id: 'getRequestForRelease',
    service: servicePaths.requestsForRelease,
    method: 'get',
    idDescription: 'The request’s id',
    tag: 'Requests for release',
    summary: 'One request your organisation sent or received (any other is not found)',
    scopes: ['releases:read'],
    answer: requestForReleaseSchema,
  },
  {
    id: 'getRequestForReleaseFile',
    service: servicePaths.requestForReleaseFiles,
    method: 'get',
    idDescription: 'The file’s id (`files[].id` of its request)',
    tag: 'Requests for release',
    summary: 'A file of a request your organisation sent or received, in base64',
    scopes: ['releases:read'],
    answer: requestFileContentSchema,
  },
  custodyOperation('transfer', 'transferReleases'),
  custodyOperation('revoke', 'revokeReleases'),
  custodyOperation('block', 'blockReleases'),
  custodyOperation('unblock', 'unblockReleases'),
  custodyOperation('pincode', 'fetchPincodes'),
  {
    id: 'assignmentInfo',
    service: servicePaths.assignmentInfo,
    method: 'update',
    tag: 'Assignment',
    summary: 'Who the releases are assigned to now',
    scopes: ['custody:write'],
    body: assignmentQuerySchema,
    answer: assignmentInfoSchema,
  },
  {
    id: 'assignmentCheck',
    service: servicePaths.assignmentCheck,
    method: 'update',
    tag: 'Assignment',
    summary: 'Whether each release may be assigned, and how its terminal identifies drivers',
    scopes: ['custody:write'],
    body: assignmentQuerySchema,
    answer: assignmentCheckSchema,
  },
  {
    id: 'assignReleases',
    service: servicePaths.assign,
    method: 'update',
    tag: 'Assignment',
    summary: 'Assign releases to a driver, barge or train (signed)',
    description: `${signing} The statement adds the assignee (and the visit number when given).`,
    scopes: ['custody:write'],
    body: Type.Union([custodyBodies.assign.dryRun, custodyBodies.assign.apply]),
    answer: custodyAnswer,
  },
  {
    id: 'unassignReleases',
    service: servicePaths.unassign,
    method: 'update',
    tag: 'Assignment',
    summary: 'Undo assignments (signed)',
    description: signing,
    scopes: ['custody:write'],
    body: Type.Union([custodyBodies.unassign.dryRun, custodyBodies.unassign.apply]),
    answer: custodyAnswer,
  },
  pcsOperation('transferToPcs'),
  pcsOperation('revokeFromPcs'),
  {
    id: 'getPcsReport',
    service: servicePaths.pcsReports,
    method: 'get',
    idDescription: 'The `statementHash` the signed PCS call answered (0x…)',
    tag: 'PCS',
    summary: 'The report of a PCS action as it stands: per release done, refused or pending',
    description:
      'Releases spec §8 "PCS operations show successes and errors". Only your organisation, which signed the action, reads it; any other hash is not found.',
    scopes: ['custody:write'],
    answer: pcsReportAnswerSchema,
  },
  {
    id: 'readAuditTrails',
    service: servicePaths.auditTrail,
    method: 'create',
    tag: 'Audit trail',
    summary: 'The audit trails of up to 500 releases of your chain (canAuditTrail)',
    description:
      'Every ledger event with who acted (a person, an API key by its name, or the system), the statement’s signer and whether the event verifies.',
    scopes: ['releases:read'],
    body: auditTrailRequestSchema,
    answer: auditTrailAnswerSchema,
  },
  {
    id: 'getAuditTrail',
    service: servicePaths.auditTrail,
    method: 'get',
    idDescription: releaseAddress,
    tag: 'Audit trail',
    summary: 'The audit trail of one release of your chain',
    scopes: ['releases:read'],
    answer: auditTrailAnswerSchema,
  },
  {
    id: 'exportEvidence',
    service: servicePaths.ledgerEvidence,
    method: 'find',
    tag: 'Audit trail',
    summary: 'The evidence bundle of a container or a BL of your chain, to verify offline',
    description:
      'Docs: docs/ledger.md, "Evidence bundles". One `containerNumber` or one `blNumber`: every ledger event of those releases whose audit trail you may read, as stored, each statement once with its signature, the organisations with their public keys, each event’s RFC 9162 inclusion proof into the latest signed checkpoint (events not logged yet are logged first), signed by the server as a whole; answered as a file (`Content-Disposition: attachment`). Never a pincode; an assignment’s identification is in clear inside its signed statement. Check it with `npx scr-verify-evidence bundle.json`. A container or BL outside your chains answers `evidence_not_found`, as one that does not exist.',
    scopes: ['releases:read'],
    query: evidenceQuerySchema,
    answer: evidenceBundleSchema,
  },
  ...integrationOperations,
  ...adminOperations,
];
