import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import {
  languages,
  assertSameType,
  type UserInvite,
  type UserAdminPatch,
  type AdminUserView,
  type WalletStatus,
} from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';

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
assertSameType<Static<typeof userInviteSchema>, UserInvite>();

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
    /**
     * DESIGN §3: the address of the user's personal sign-in key in an on-premise wallet (the
     * wallet's `POST /users` answer, or `npm run wallet -- user-address`). The cloud wallet
     * records its users' addresses itself.
     */
    signInAddress: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
assertSameType<Static<typeof userAdminPatchSchema>, UserAdminPatch>();

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

/** The contract's shapes (domain `api/`), under the names this service's code uses. */
export type { UserInvite, UserAdminPatch, AdminUserView, WalletStatus };
