import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
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
