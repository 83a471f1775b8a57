import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  maxCustodyReleases,
  modesOfTransport,
  type NmotRequest,
} from '@scr/domain';

/** `POST /api/nmots` (releases spec §7): the releases by address and the mode (§9 choices). */
export const nmotRequestSchema = Type.Object(
  {
    releases: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: maxCustodyReleases,
    }),
    modeOfTransport: StringEnum([...modesOfTransport]),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof nmotRequestSchema>, NmotRequest>();
