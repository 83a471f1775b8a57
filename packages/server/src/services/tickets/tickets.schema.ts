import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  ticketFieldLimits,
  ticketStatuses,
  type TicketInput,
  type TicketPatch,
  type TicketQuery,
} from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';

/**
 * The bodies and query of `tickets` (access spec §7 "Tickets"). The schemas check shapes only,
 * with room to spare; the rules of §5 "Ticket" are domain `validateTicket`, which answers the
 * form's own per-field messages first, and `ticketImageRefusal`, which reads the image's bytes.
 */
const strict = { additionalProperties: false } as const;
const text = (maxLength: number) => Type.String({ maxLength });
const optionalText = (maxLength: number) =>
  Type.Optional(Type.Union([text(maxLength), Type.Null()]));
const status = Type.Union(ticketStatuses.map((value) => Type.Literal(value)));

export const ticketInputSchema = Type.Object(
  {
    title: text(ticketFieldLimits.title),
    content: text(ticketFieldLimits.content),
    email: text(ticketFieldLimits.email),
    name: optionalText(ticketFieldLimits.name),
    phone: optionalText(ticketFieldLimits.phone),
    company: optionalText(ticketFieldLimits.company),
    destination: optionalText(ticketFieldLimits.destination),
    image: Type.Optional(
      Type.Union([
        Type.Object(
          {
            fileName: Type.String({ minLength: 1, maxLength: 255 }),
            contentBase64: Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$' }),
          },
          strict,
        ),
        Type.Null(),
      ]),
    ),
  },
  strict,
);
assertSameType<Static<typeof ticketInputSchema>, TicketInput>();

export const ticketPatchSchema = Type.Object({ status }, strict);
assertSameType<Static<typeof ticketPatchSchema>, TicketPatch>();

export const ticketQuerySchema = Type.Object(
  {
    status: Type.Optional(status),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    ...pagingProperties,
  },
  strict,
);
assertSameType<Static<typeof ticketQuerySchema>, TicketQuery>();
