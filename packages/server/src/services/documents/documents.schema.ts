import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  documentAttachmentLimits,
  type DocumentAttachmentCreate,
  documentStatuses,
  maxDocumentSearchLength,
  type DocumentCreate,
  type DocumentPatch,
  type DocumentQuery,
  type DocumentShareCreate,
} from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';

/**
 * The bodies of `documents` and `document-share` (access spec §7 "Documents"). They check
 * shapes only; a body is checked against its document type's JSON Schema by `document-body.ts`.
 */
const strict = { additionalProperties: false } as const;
const body = Type.Record(Type.String(), Type.Unknown());
const address = Type.String({ minLength: 1, maxLength: 100 });

export const documentCreateSchema = Type.Object(
  { documentTypeId: Type.String({ minLength: 1, maxLength: 100 }), body },
  strict,
);
assertSameType<Static<typeof documentCreateSchema>, DocumentCreate>();

export const documentPatchSchema = Type.Object(
  {
    body: Type.Optional(body),
    status: Type.Optional(
      Type.Union([
        Type.Literal('toBeAccepted'),
        Type.Literal('accepted'),
        Type.Literal('rejected'),
      ]),
    ),
    organizationAddress: Type.Optional(address),
  },
  strict,
);
assertSameType<Static<typeof documentPatchSchema>, DocumentPatch>();

export const documentShareSchema = Type.Object(
  {
    docId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    targetOrganizationAddress: address,
  },
  strict,
);
assertSameType<Static<typeof documentShareSchema>, DocumentShareCreate>();

export const documentQuerySchema = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: maxDocumentSearchLength })),
    status: Type.Optional(Type.Union(documentStatuses.map((status) => Type.Literal(status)))),
    ...pagingProperties,
  },
  strict,
);
assertSameType<Static<typeof documentQuerySchema>, DocumentQuery>();

/**
 * Base64 of a file a little over the largest an attachment may be (domain
 * `documentAttachmentLimits`): one slightly too large gets the domain's `fileTooLarge`, a far
 * larger one this bound.
 */
const maxBase64Length = Math.ceil((documentAttachmentLimits.maxFileBytes + 64 * 1024) / 3) * 4;

export const documentAttachmentCreateSchema = Type.Object(
  {
    docId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    name: Type.String({ maxLength: documentAttachmentLimits.maxNameLength + 50 }),
    ref: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
    contentBase64: Type.String({ maxLength: maxBase64Length }),
  },
  strict,
);
assertSameType<Static<typeof documentAttachmentCreateSchema>, DocumentAttachmentCreate>();
