import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  identificationTypes,
  type GateCheckRequest,
  type GateOutRequest,
} from '@scr/domain';

/** A terminal code as `terminals.code` allows it. */
const terminal = Type.String({ pattern: '^\\s*[A-Za-z0-9_-]{1,20}\\s*$' });
/** A container number as the gate reads it (spaces and case do not count). */
const containerNumber = Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' });

/** `POST /api/gate-checks` (DESIGN §3). */
export const gateCheckSchema = Type.Object(
  {
    terminal,
    containerNumber,
    identification: Type.Object(
      {
        type: Type.Union(identificationTypes.map((type) => Type.Literal(type))),
        value: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof gateCheckSchema>, GateCheckRequest>();

/** `POST /api/gate-outs` (DESIGN §3): `at` an ISO 8601 moment, now when left out. */
export const gateOutSchema = Type.Object(
  {
    terminal,
    containerNumber,
    at: Type.Optional(
      Type.String({
        pattern:
          '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d(:\\d\\d(\\.\\d{1,9})?)?(Z|[+-]\\d\\d:\\d\\d)$',
      }),
    ),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof gateOutSchema>, GateOutRequest>();
