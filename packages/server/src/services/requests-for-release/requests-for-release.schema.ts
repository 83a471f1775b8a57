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

/**
 * `POST /api/requests-for-release` (releases spec §3, §7). Lengths here only bound the body; the
 * domain validation answers the spec's messages (§5) for what is missing or wrong.
 */
export const requestForReleaseCreateSchema = Type.Object(
  {
    carrierAddress: Type.String({ maxLength: 64 }),
    blNumber: Type.String({ maxLength: 64 }),
    containersRaw: text(maxRequestContainers * 25),
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

/** `GET /api/requests-for-release?$limit=&$skip=`: the caller's side's requests, newest first. */
export const requestsForReleaseQuerySchema = Type.Object(pagingProperties, {
  additionalProperties: false,
});
assertSameType<Static<typeof requestsForReleaseQuerySchema>, RequestsForReleaseQuery>();
