import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  maxRequestContainers,
  requestFileKinds,
  requestFileLimits,
  type RequestForReleaseInput,
  type RequestsForReleaseQuery,
} from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';
import { releaseCreateSchema } from '../releases/releases.schema.ts';

const text = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/**
 * Base64 of a file a little over the largest a request may carry (domain `requestFileLimits`):
 * one slightly too large gets the domain's `fileTooLarge`, a far larger one this bound.
 */
const maxBase64Length = Math.ceil((requestFileLimits.maxFileBytes + 64 * 1024) / 3) * 4;

/** An organisation's address as the spec's payloads carry it. */
const address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

/**
 * `POST /api/requests-for-release` (releases spec §3, §7: the spec's payload). Lengths here only
 * bound the body; the domain validation answers the spec's messages (§5) for what is missing or
 * wrong, and that `organizationAddress` is the caller's own and `containers` agrees with
 * `containersRaw`. `createdAt` is taken and ignored: the request is the server's record.
 */
export const requestForReleaseCreateSchema = Type.Object(
  {
    carrierAddress: Type.String({ maxLength: 64 }),
    blNumber: Type.String({ maxLength: 64 }),
    containersRaw: text(maxRequestContainers * 25),
    containers: Type.Optional(
      Type.Union([
        Type.Array(Type.String({ maxLength: 64 }), { maxItems: maxRequestContainers * 2 }),
        Type.Null(),
      ]),
    ),
    organizationAddress: Type.Optional(Type.Union([address, Type.Null()])),
    createdAt: Type.Optional(
      Type.Union([
        Type.String({
          maxLength: 40,
          pattern:
            '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
          description:
            'When the client made it (ISO 8601); ignored: the server records its own time',
        }),
        Type.Null(),
      ]),
    ),
    reference: text(200),
    invoiceNumber: text(200),
    files: Type.Optional(
      Type.Array(
        Type.Object(
          {
            kind: StringEnum([...requestFileKinds]),
            name: Type.String({ maxLength: 400 }),
            ref: text(200),
            contentBase64: Type.String({ maxLength: maxBase64Length }),
          },
          { additionalProperties: false },
        ),
        { maxItems: requestFileLimits.maxFiles + 1 },
      ),
    ),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof requestForReleaseCreateSchema>, RequestForReleaseInput>();

/** `PATCH /api/requests-for-release/:id` by the carrier: the releases that answer it. */
export const requestAnswerSchema = Type.Object(
  {
    releases: Type.Array(releaseCreateSchema, { minItems: 1, maxItems: maxRequestContainers }),
  },
  { additionalProperties: false },
);
export type RequestAnswerBody = Static<typeof requestAnswerSchema>;

/**
 * `GET /api/requests-for-release?$limit=&$skip=&organizationAddress=`: the caller's side's
 * requests, newest first; `organizationAddress` (releases spec §7 `find`) keeps those of that
 * requester (any case), within what the caller sees.
 */
export const requestsForReleaseQuerySchema = Type.Object(
  { ...pagingProperties, organizationAddress: Type.Optional(address) },
  { additionalProperties: false },
);
assertSameType<Static<typeof requestsForReleaseQuerySchema>, RequestsForReleaseQuery>();
