import { Type, type Static } from '@feathersjs/typebox';
import { assertSameType, type SecurePickupContainersQuery } from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';

/** `GET /api/terminal-user/secure-pickup-containers` (access spec §7 "Terminal"). */
export const securePickupContainersQuerySchema = Type.Object(
  {
    querySearch: Type.Optional(Type.String({ maxLength: 100 })),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof securePickupContainersQuerySchema>, SecurePickupContainersQuery>();
