import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import type { OrganizationRole } from '@scr/domain';
import { pagingProperties } from '../admin-common/paging.ts';

export const connectionStatuses = ['requested', 'finalized'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

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
export type ConnectionCreate = Static<typeof connectionCreateSchema>;

export const connectionPatchSchema = Type.Object(
  { status: Type.Literal('finalized') },
  { additionalProperties: false },
);
export type ConnectionPatch = Static<typeof connectionPatchSchema>;

export const connectionQuerySchema = Type.Object(
  {
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(StringEnum([...connectionStatuses])),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
export type ConnectionQuery = Static<typeof connectionQuerySchema>;

export interface ConnectionParty {
  id: number;
  name: string;
  address: string;
  role: OrganizationRole;
}

/** A connection between two organisations (releases spec §6), with what the caller may do. */
export interface ConnectionView {
  id: number;
  status: ConnectionStatus;
  /** The organisation that asked. */
  organization: ConnectionParty;
  /** The organisation that was asked, and finalises. */
  connectedOrganization: ConnectionParty;
  createdAt: string;
  updatedAt: string;
  actions: ('finalize' | 'remove')[];
}
