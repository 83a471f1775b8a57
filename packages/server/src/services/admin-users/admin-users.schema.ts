import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import { languages, type Language, type TwoFactorMode } from '@scr/domain';
import { pagingProperties } from '../admin-common/paging.ts';

const personFields = {
  email: Type.String({ minLength: 3, maxLength: 254 }),
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Type.String({ minLength: 1, maxLength: 100 }),
  isAdmin: Type.Boolean(),
  /** Portal support: only support may grant it. */
  isSupport: Type.Boolean(),
  twoFactorAuth: Type.Union([Type.Literal('email'), Type.Null()]),
  preferredLanguage: StringEnum([...languages]),
};

/** Inviting a user: support names the organisation; an admin invites into its own. */
export const userInviteSchema = Type.Object(
  {
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    email: personFields.email,
    firstName: personFields.firstName,
    lastName: personFields.lastName,
    isAdmin: Type.Optional(personFields.isAdmin),
    isSupport: Type.Optional(personFields.isSupport),
    twoFactorAuth: Type.Optional(personFields.twoFactorAuth),
    preferredLanguage: Type.Optional(personFields.preferredLanguage),
  },
  { additionalProperties: false },
);
export type UserInvite = Static<typeof userInviteSchema>;

/** What an admin changes of a user; `isActive: false` deactivates (users are never deleted). */
export const userAdminPatchSchema = Type.Object(
  {
    email: Type.Optional(personFields.email),
    firstName: Type.Optional(personFields.firstName),
    lastName: Type.Optional(personFields.lastName),
    isAdmin: Type.Optional(personFields.isAdmin),
    isSupport: Type.Optional(personFields.isSupport),
    isActive: Type.Optional(Type.Boolean()),
    twoFactorAuth: Type.Optional(personFields.twoFactorAuth),
    preferredLanguage: Type.Optional(personFields.preferredLanguage),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UserAdminPatch = Static<typeof userAdminPatchSchema>;

export const userQuerySchema = Type.Object(
  {
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Access spec §7 "GET users with query organization_address, isAdmin, $limit 1". */
    organization_address: Type.Optional(Type.String({ maxLength: 42 })),
    /** First name, last name or e-mail, case-insensitive. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    isAdmin: Type.Optional(Type.Boolean()),
    isActive: Type.Optional(Type.Boolean()),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
export type UserQuery = Static<typeof userQuerySchema>;

/**
 * Whether the user can open the organisation's wallet: `ready` (a keystore in the cloud wallet),
 * `missing` (an admin of the organisation still has to add it) or `external` (an on-premise
 * wallet, which the portal cannot see into).
 */
export type WalletStatus = 'ready' | 'missing' | 'external';

/** A user as the admin section shows it. */
export interface AdminUserView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isSupport: boolean;
  isActive: boolean;
  twoFactorAuth: TwoFactorMode | null;
  preferredLanguage: Language;
  organizationId: number;
  organizationName: string;
  organizationAddress: string;
  wallet: WalletStatus;
  createdAt: string;
}
