import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import {
  requestFileKinds,
  type RequestCarrier,
  type RequestFileContent,
  type RequestForRelease,
} from '@scr/domain';
import { describes } from './answer-schemas.ts';

/**
 * The requests for release (releases spec §3 "Request for release", §7 `requests-for-release`)
 * for the OpenAPI document, held to the domain's types (`api/requests-for-release.ts`).
 */

const maybeText = Type.Union([Type.String(), Type.Null()]);
const address = Type.String({ description: 'An EIP-55 address (0x…)' });

const requestFileViewSchema = Type.Object({
  id: Type.Integer({ description: 'Its content: `getRequestForReleaseFile`' }),
  kind: StringEnum([...requestFileKinds]),
  name: Type.String(),
  ref: maybeText,
  contentType: Type.String(),
  size: Type.Integer({ description: 'Bytes' }),
});

export const requestForReleaseSchema = Type.Object(
  {
    id: Type.Integer(),
    reference: maybeText,
    invoiceNumber: maybeText,
    carrierAddress: address,
    carrierName: Type.String(),
    blNumber: Type.String(),
    containersRaw: Type.Union([Type.String(), Type.Null()], { description: 'As typed' }),
    containers: Type.Array(Type.String(), {
      description: 'Parsed from `containersRaw` (releases spec §5), or the list sent alone',
    }),
    files: Type.Array(requestFileViewSchema),
    organizationAddress: Type.String({ description: 'The requester (EIP-55)' }),
    organizationName: Type.String(),
    status: StringEnum(['open', 'answered']),
    createdAt: Type.String({
      format: 'date-time',
      description: 'When the server received it (a `createdAt` sent is not taken)',
    }),
    releases: Type.Array(Type.Object({ address, containerNumber: Type.String() }), {
      description: 'The releases the carrier created in answer',
    }),
  },
  { title: 'RequestForRelease' },
);
describes<Static<typeof requestForReleaseSchema>, RequestForRelease>();

export const requestForReleasePageSchema = Type.Object(
  {
    total: Type.Integer(),
    limit: Type.Integer(),
    skip: Type.Integer(),
    data: Type.Array(requestForReleaseSchema),
  },
  { title: 'RequestForReleasePage' },
);

export const requestCarrierSchema = Type.Object(
  {
    address,
    name: Type.String(),
    blPrefixes: Type.Array(Type.String(), {
      description: 'What its BL numbers must start with (releases spec §5: HLCU for one carrier)',
    }),
  },
  { title: 'RequestCarrier' },
);
describes<Static<typeof requestCarrierSchema>, RequestCarrier>();

export const requestFileContentSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    contentType: Type.String(),
    contentBase64: Type.String(),
  },
  { title: 'RequestFileContent' },
);
describes<Static<typeof requestFileContentSchema>, RequestFileContent>();
