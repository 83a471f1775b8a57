import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import { pagingProperties } from '../../kit/paging.ts';
import {
  assertSameType,
  connectionStatuses,
  type ConnectionStatus,
  type ConnectionCreate,
  type ConnectionPatch,
  type ConnectionParty,
  type ConnectionView,
} from '@scr/domain';

export { connectionStatuses };

export const connectionCreateSchema = Type.Object(
  {
    /** The organisation asked to connect. */
    connectedOrganizationId: Type.Integer({ minimum: 1 }),
    /** The asking organisation: support names it; an admin asks for its own. */
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Support may make a connection finalised at once. */
    status: Type.Optional(StringEnum([...connectionStatuses])),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof connectionCreateSchema>, ConnectionCreate>();

export const connectionPatchSchema = Type.Object(
  { status: Type.Literal('finalized') },
  { additionalProperties: false },
);
assertSameType<Static<typeof connectionPatchSchema>, ConnectionPatch>();

export const connectionQuerySchema = Type.Object(
  {
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(StringEnum([...connectionStatuses])),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
export type ConnectionQuery = Static<typeof connectionQuerySchema>;

/** The contract's shapes (domain `api/`), under the names this service's code uses. */
export type {
  ConnectionStatus,
  ConnectionCreate,
  ConnectionPatch,
  ConnectionParty,
  ConnectionView,
};
