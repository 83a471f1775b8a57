import { Type } from '@feathersjs/typebox';
import { servicePaths } from '@scr/domain';
import { coreorUploadSchema } from '../services/coreor/coreor.schema.ts';
import { gateCheckSchema, gateOutSchema } from '../services/gate/gate.schema.ts';
import { portStatusEventsSchema } from '../services/green-lights/green-lights.schema.ts';
import {
  checkpointCreateSchema,
  consistencyProofQuerySchema,
  inclusionProofQuerySchema,
} from '../services/ledger/ledger.schema.ts';
import type { ApiOperation } from './api-operation.ts';
import {
  gateCheckAnswerSchema,
  gateOutAnswerSchema,
  portStatusEventsAnswerSchema,
} from './answer-schemas.ts';
import {
  coreorAnswerSchema,
  coreorMappingTable,
  greenLightEventsText,
} from './integration-schemas.ts';
import {
  consistencyProofAnswerSchema,
  inclusionProofAnswerSchema,
  signedCheckpointSchema,
} from './ledger-schemas.ts';

/**
 * The operations of terminals', ports' and carriers' integrations (releases spec §3, §4; README "EDIFACT COREOR") and of
 * the ledger's checkpoints and proofs, listed in the document after the releases' own
 * (`operations.ts`).
 */
export const integrationOperations: readonly ApiOperation[] = [
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
    description: `Releases spec §3 "Traffic-light (Green Lights) data", §4 "Green Light event values". Each event names a release by its \`releaseAddress\`, or by \`containerNumber\` (with \`blNumber\` when several BLs carry it), one of seven kinds and one of its values (any spelling: "Not released", "NOT_RELEASED" and \`notReleased\` are one value), and when your system saw it (\`at\`, ISO-8601, now when left out). A call with any event that cannot be read is refused as a whole (400, \`data.fields\` names \`events.{i}.{field}\`) and changes nothing. Only releases picked up in the ports your organisation reports for are found; any other is \`notFound\`. Each change is recorded as a server-signed \`portStatus\` event in the release’s audit trail and told live to its chain; an event older than the light a release holds changes nothing (\`stale\`).\n\n${greenLightEventsText()}`,
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
    description: `Send the interchange (UNA/UNB … UNZ, at most 2,000,000 characters) as JSON \`{"content": …, "fileName": …}\`, as the body itself with \`Content-Type: application/EDIFACT\` or \`text/plain\` (UTF-8 unless its charset says otherwise; \`?fileName=\` names it), or as a \`multipart/form-data\` upload with the file in the field \`file\`; at most 4 MB; any other media type is answered 415 \`coreor_content_type\`. Each message is one release order, each EQD group one container, i.e. one release; BGM 1225 says what to do: 9 creates, 5 replaces your live release of that BL and container, 1 cancels it. The answer is per message in the spirit of APERAK: \`accepted\`, or each error with its \`segment\`, \`position\` and \`reason\`. A broken container never stops the others; a broken envelope refuses the whole interchange, and nothing of it is taken.\n\nDuplicates change nothing. The same UNB sender and control reference as an interchange of yours received before (one not refused whole) is answered 200, status \`duplicate\`, reason \`duplicateInterchange\`, each message \`duplicate\`. A message whose UNB sender and UNH message reference match one of yours of which something was taken is answered \`duplicate\` (reason \`duplicateMessage\`) while the other messages of its interchange are carried out. An interchange refused whole, or a message of which nothing was taken, claims nothing: corrected, it may come again under the same reference. Two posts of the same interchange at once carry it out once.\n\nWith \`Accept: application/EDIFACT\` the answer is an APERAK D95B interchange (UNOC, syntax 3) from the COREOR's recipient to its sender: per COREOR message one APERAK, BGM 1225 29 (something taken) or 27 (nothing), RFF+ACW the COREOR's message reference, an ERC verdict (\`ACC\`, \`PAR\`, \`REJ\`, \`DUP\`) with an FTX+AAI (status, release order number, in words), then per error an ERC (\`ENV\` interchange, \`MSG\` message, \`EQD\` container) with an FTX+AAO (reason, segment as sent, position, in words, container number); errors stay JSON.\n\n${coreorMappingTable()}`,
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
