import { Type, type Static } from '@feathersjs/typebox';
import { assertSameType, maxPortStatusEvents, type PortStatusEventsRequest } from '@scr/domain';

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/**
 * `POST /api/port-status/events` (issue 14 item 2; DESIGN §4 "port status"): up to 500 events
 * of the port's status system. Kinds and values are read by domain `greenLightKind` and
 * `greenLightValue` (any spelling of the spec's words), so the schema only bounds them.
 */
export const portStatusEventsSchema = Type.Object(
  {
    events: Type.Array(
      Type.Object(
        {
          releaseAddress: Type.Optional(Type.String({ maxLength: 64 })),
          containerNumber: Type.Optional(text(20)),
          blNumber: Type.Optional(text(100)),
          kind: text(40),
          value: text(60),
          at: Type.Optional(Type.String({ maxLength: 40 })),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: maxPortStatusEvents },
    ),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof portStatusEventsSchema>, PortStatusEventsRequest>();
