import { Type, type TSchema } from '@feathersjs/typebox';
import { servicePaths, type CustodyAction } from '@scr/domain';
import {
  assignmentApplySchema,
  assignmentDryRunSchema,
  assignmentQuerySchema,
} from '../services/assignment/assignment.schema.ts';
import { auditTrailRequestSchema } from '../services/audit-trail/audit-trail.schema.ts';
import { billsOfLadingQuerySchema } from '../services/bills-of-lading/bills-of-lading.schema.ts';
import { containersQuerySchema } from '../services/containers/containers.schema.ts';
import {
  custodyApplySchema,
  custodyDryRunSchema,
  pincodeLogApplySchema,
  pincodeLogDryRunSchema,
} from '../services/custody/custody.schema.ts';
import { coreorUploadSchema } from '../services/coreor/coreor.schema.ts';
import { gateCheckSchema, gateOutSchema } from '../services/gate/gate.schema.ts';
import { portStatusEventsSchema } from '../services/green-lights/green-lights.schema.ts';
import { pcsApplySchema, pcsDryRunSchema } from '../services/pcs/pcs.schema.ts';
import {
  releaseCreateManySchema,
  releaseCreateSchema,
  releaseManyQuerySchema,
  releasePatchSchema,
} from '../services/releases/releases.schema.ts';
import {
  checkpointCreateSchema,
  consistencyProofQuerySchema,
  inclusionProofQuerySchema,
} from '../services/ledger/ledger.schema.ts';
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
  gateCheckAnswerSchema,
  gateOutAnswerSchema,
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
  coreorMappingTable,
  greenLightEventsText,
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
import {
  requestForReleaseCreateSchema,
  requestsForReleaseQuerySchema,
} from '../services/requests-for-release/requests-for-release.schema.ts';

const containerPage = overviewPageSchema(containerRowSchema, 'ContainerPage');
const billOfLadingPage = overviewPageSchema(billOfLadingRowSchema, 'BillOfLadingPage');
const custodyAnswer = Type.Union([custodyDryRunAnswerSchema, custodyApplyAnswerSchema]);
const releaseAddress = 'A release address (0x…)';

/**
 * The schemas the document lists by name (`#/components/schemas/{name}`); wherever an operation
 * uses one of these very objects, the document refers to it.
 */
export const namedSchemas: Record<string, TSchema> = {
  ReleaseCreate: releaseCreateSchema,
  ReleasePatch: releasePatchSchema,
  Release: containerRowSchema,
  ReleaseChange: releaseChangeSchema,
  BillOfLading: billOfLadingRowSchema,
  ContainerPage: containerPage,
  BillOfLadingPage: billOfLadingPage,
  CustodyDryRun: custodyDryRunSchema,
  CustodyApply: custodyApplySchema,
  CustodyDryRunAnswer: custodyDryRunAnswerSchema,
  CustodyApplyAnswer: custodyApplyAnswerSchema,
  AssignmentDryRun: assignmentDryRunSchema,
  AssignmentApply: assignmentApplySchema,
  AuditTrailAnswer: auditTrailAnswerSchema,
  PcsDryRun: pcsDryRunSchema,
  PcsApply: pcsApplySchema,
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
  RequestForReleaseCreate: requestForReleaseCreateSchema,
  RequestForRelease: requestForReleaseSchema,
  RequestForReleasePage: requestForReleasePageSchema,
  RequestCarrier: requestCarrierSchema,
  RequestFileContent: requestFileContentSchema,
  Error: errorAnswerSchema,
};

const signing =
  'Two calls (DESIGN §3): first `dryRun: true` with the releases; the answer lists the eligible ones with their `version` (and, for a transfer, your sealed pincode copy and the target’s sealing key). Your own wallet (`npm run wallet`) reseals each pincode to the target (`POST /pincodes/reseal`) and signs one statement with the organisation key (`POST /sign`); the second call carries the releases as signed, the statement and its signature. The ledger records the API key that called.';

/** The custody services (releases spec §7; DESIGN §3): two calls each, signed by the wallet. */
function custodyOperation(action: Exclude<CustodyAction, 'assign' | 'unassign'>, id: string) {
  const pincode = action === 'pincode';
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
    body: pincode
      ? Type.Union([pincodeLogDryRunSchema, pincodeLogApplySchema])
      : Type.Union([custodyDryRunSchema, custodyApplySchema]),
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
    body: Type.Union([pcsDryRunSchema, pcsApplySchema]),
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
    body: Type.Union([releaseCreateSchema, releaseCreateManySchema]),
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
    body: releasePatchSchema,
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
    body: releasePatchSchema,
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
    query: billsOfLadingQuerySchema,
    answer: billOfLadingPage,
  },
  {
    id: 'findContainers',
    service: servicePaths.containers,
    method: 'find',
    tag: 'Find',
    summary: 'Your releases one per container: search, filter, page, sort, or by BL',
    scopes: ['releases:read'],
    query: containersQuerySchema,
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
      'Organisations by a list of ids or of addresses (releases spec §7 `organizations` find)',
    description:
      '`id=…` or `id[$in]=…&id[$in]=…`, `address=0x…` or `address[$in]=0x…` (any case), up to 100 of each in one page; given both, an organisation must match both. Answers your own organisation and those with a finalised connection to it, either way (a terminal: only its own); any other is simply absent, as one that does not exist. With an API key only these lookups: the administration’s lists and searches are for people.',
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
    body: requestForReleaseCreateSchema,
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
    body: Type.Union([assignmentDryRunSchema, assignmentApplySchema]),
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
    body: Type.Union([assignmentDryRunSchema, assignmentApplySchema]),
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
  {
    id: 'gateCheck',
    service: servicePaths.gateChecks,
    method: 'create',
    tag: 'Terminal gate',
    summary: 'Check a driver’s, barge’s or train’s identification at your terminal',
    scopes: ['gate:write'],
    machinesOnly: true,
    body: gateCheckSchema,
    answer: gateCheckAnswerSchema,
  },
  {
    id: 'gateOut',
    service: servicePaths.gateOuts,
    method: 'create',
    tag: 'Terminal gate',
    summary: 'Report that a container left your terminal',
    scopes: ['gate:write'],
    machinesOnly: true,
    body: gateOutSchema,
    answer: gateOutAnswerSchema,
  },
  {
    id: 'postPortStatusEvents',
    service: servicePaths.portStatusEvents,
    method: 'create',
    tag: 'Port status',
    summary: 'Report green-light events of the port’s status system (up to 500 a call)',
    description: `Issue 14 item 2, releases spec §3 "Traffic-light (Green Lights) data", §4 "Green Light event values". Each event names a release by its \`releaseAddress\`, or by \`containerNumber\` (with \`blNumber\` when several BLs carry it), one of seven kinds and one of its values (any spelling: "Not released", "NOT_RELEASED" and \`notReleased\` are one value), and when your system saw it (\`at\`, ISO-8601, now when left out). A call with any event that cannot be read is refused as a whole (400, \`data.fields\` names \`events.{i}.{field}\`) and changes nothing. Only releases picked up in the ports your organisation reports for are found; any other is \`notFound\`. Each change is recorded as a server-signed \`portStatus\` event in the release’s audit trail and told live to its chain; an event older than the light a release holds changes nothing (\`stale\`).\n\n${greenLightEventsText()}`,
    scopes: ['port-status:write'],
    machinesOnly: true,
    body: portStatusEventsSchema,
    answer: portStatusEventsAnswerSchema,
  },
  {
    id: 'uploadCoreor',
    service: servicePaths.coreor,
    method: 'create',
    tag: 'EDIFACT',
    summary:
      'Create, replace or cancel releases with an EDIFACT COREOR D95B interchange (carriers)',
    description: `Issue 14 item 4. Send the interchange (UNA/UNB … UNZ, at most 2,000,000 characters) as JSON \`{"content": …, "fileName": …}\`, as the body itself with \`Content-Type: application/EDIFACT\` or \`text/plain\` (UTF-8 unless its charset says otherwise; \`?fileName=\` names it), or as a \`multipart/form-data\` upload with the file in the field \`file\`; at most 4 MB; any other media type is answered 415 \`coreor_content_type\`. Each message is one release order, each EQD group one container, i.e. one release; BGM 1225 says what to do: 9 creates, 5 replaces your live release of that BL and container, 1 cancels it. The answer is per message in the spirit of APERAK: \`accepted\`, or each error with its \`segment\`, \`position\` and \`reason\`. A broken container never stops the others; a broken envelope refuses the whole interchange, and nothing of it is taken.\n\nDuplicates change nothing. The same UNB sender and control reference as an interchange of yours received before (one not refused whole) is answered 200, status \`duplicate\`, reason \`duplicateInterchange\`, each message \`duplicate\`. A message whose UNB sender and UNH message reference match one of yours of which something was taken is answered \`duplicate\` (reason \`duplicateMessage\`) while the other messages of its interchange are carried out. An interchange refused whole, or a message of which nothing was taken, claims nothing: corrected, it may come again under the same reference. Two posts of the same interchange at once carry it out once.\n\nWith \`Accept: application/EDIFACT\` the answer is an APERAK D95B interchange (UNOC, syntax 3) from the COREOR's recipient to its sender: per COREOR message one APERAK, BGM 1225 29 (something taken) or 27 (nothing), RFF+ACW the COREOR's message reference, an ERC verdict (\`ACC\`, \`PAR\`, \`REJ\`, \`DUP\`) with an FTX+AAI (status, release order number, in words), then per error an ERC (\`ENV\` interchange, \`MSG\` message, \`EQD\` container) with an FTX+AAO (reason, segment as sent, position, in words, container number); errors stay JSON.\n\n${coreorMappingTable()}`,
    scopes: ['releases:write'],
    body: coreorUploadSchema,
    query: Type.Object({
      fileName: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 255,
          description: 'With the interchange as the body itself: the file name the answer repeats',
        }),
      ),
    }),
    bodyMedia: {
      'application/EDIFACT': Type.String({ description: 'The interchange itself' }),
      'text/plain': Type.String({ description: 'The interchange itself' }),
      'multipart/form-data': Type.Object({
        file: Type.String({
          contentMediaType: 'application/octet-stream',
          description: 'The interchange file (its name is the answer’s `fileName`)',
        }),
      }),
    },
    answer: coreorAnswerSchema,
    answerMedia: {
      'application/EDIFACT': Type.String({
        description: 'With `Accept: application/EDIFACT`: the answer as an APERAK D95B interchange',
      }),
    },
    answers: {
      '200': {
        description:
          'A duplicate: the interchange, or each of its messages, was received before; nothing was done again',
      },
      '413': { description: 'Over 4 MB, or over 2,000,000 characters', error: true },
      '415': {
        description: 'Another media type, or bytes not of their charset: `coreor_content_type`',
        error: true,
      },
    },
  },
  {
    id: 'getCheckpoint',
    service: servicePaths.ledgerCheckpoints,
    method: 'get',
    idDescription: '`latest`, or the tree size of a signed checkpoint',
    tag: 'Ledger',
    summary: 'A signed checkpoint of the whole ledger: its tree size and Merkle root',
    description:
      'Docs: docs/ledger.md. The server signs the root of its log of every ledger event (RFC 9162 Merkle tree; a leaf is SHA-256(0x00 ‖ the 32 bytes of an event’s `hash`)) every minute when events were added. Check `signature` (EIP-191 over `text`) against the server’s address (`GET /api/app-info` `serverAddress`), keep it, and ask later checkpoints to prove they extend it.',
    scopes: [],
    open: true,
    answer: signedCheckpointSchema,
  },
  {
    id: 'createCheckpoint',
    service: servicePaths.ledgerCheckpoints,
    method: 'create',
    tag: 'Ledger',
    summary: 'Log the newest events and sign a checkpoint now (10 a minute per organisation)',
    description:
      'Answers the latest checkpoint: a new one when events were logged since the last, else the last. The sequencer does the same every minute by itself.',
    scopes: ['releases:read'],
    body: checkpointCreateSchema,
    answer: signedCheckpointSchema,
  },
  {
    id: 'getInclusionProof',
    service: servicePaths.ledgerInclusionProofs,
    method: 'find',
    tag: 'Ledger',
    summary: 'Prove an event of your chain is in a signed checkpoint (RFC 9162 audit path)',
    description:
      'The event by its `hash` (an audit-trail entry’s), in the checkpoint of `treeSize` (the latest by default). An event of a release outside your chain, or not logged yet, is not found. Verify with `verifyInclusion(leafHash, leafIndex, treeSize, proof, checkpoint.rootHash)`.',
    scopes: ['releases:read'],
    query: inclusionProofQuerySchema,
    answer: inclusionProofAnswerSchema,
  },
  {
    id: 'getConsistencyProof',
    service: servicePaths.ledgerConsistencyProofs,
    method: 'find',
    tag: 'Ledger',
    summary: 'Prove a signed checkpoint extends the tree of one you kept (RFC 9162)',
    description:
      'From the tree size you kept (`from`) to a later signed checkpoint (`to`, the latest by default). Verify with `verifyConsistency(from, yourRoot, to, checkpoint.rootHash, proof)`: when it fails, the ledger you kept was rewritten.',
    scopes: [],
    open: true,
    query: consistencyProofQuerySchema,
    answer: consistencyProofAnswerSchema,
  },
];
