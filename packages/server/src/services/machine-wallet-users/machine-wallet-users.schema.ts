import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  machineWalletUserNameLength,
  type CreatedMachineWalletUser,
  type MachineWalletUserCreate,
  type MachineWalletUserView,
} from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';

export const machineWalletUserCreateSchema = Type.Object(
  {
    /** Support names the organisation; an admin makes them for its own. */
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    name: Type.String({ minLength: 1, maxLength: machineWalletUserNameLength }),
    apiKeyId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    /** The admin's own unlocked cloud wallet (`POST /wallet/unlock`), which wraps the key. */
    walletToken: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof machineWalletUserCreateSchema>, MachineWalletUserCreate>();

export const machineWalletUserQuerySchema = Type.Object(
  {
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Revoked ones are listed too unless this is false. */
    includeRevoked: Type.Optional(Type.Boolean()),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
export type MachineWalletUserQuery = Static<typeof machineWalletUserQuerySchema>;

/** The contract's shapes (domain `api/`), under the names this service's code uses. */
export type { CreatedMachineWalletUser, MachineWalletUserCreate, MachineWalletUserView };
