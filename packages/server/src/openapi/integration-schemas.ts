import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import {
  coreorFunctions,
  coreorMapping,
  coreorReasons,
  greenLightKinds,
  greenLightValues,
  releaseStatuses,
  releaseWebhookEventTypes,
  webhookTypeOfOperation,
  type CoreorAnswer,
  type CoreorError,
  type CoreorFunction,
  type CoreorReason,
  type WebhookEventBody,
} from '@scr/domain';
import { described, describes } from './answer-schemas.ts';

/**
 * The port integrations a system calls or receives (issue 14 items 2, 4 and 5), for the OpenAPI
 * document: the COREOR import's answer (`api/coreor.ts`) and the body the portal POSTs to a
 * webhook endpoint (`webhooks/events.ts`) as JSON Schema, held to the domain contract by
 * `describes` as in `answer-schemas.ts`; and the domain's tables (COREOR segments, green-light
 * values) as the operations' text, so the document says what the server applies.
 */

const text = Type.String();
const address = Type.String({ description: 'An EIP-55 address (0x…)' });

/** The reasons and their English words, as a list for the document. */
const reasonList = () =>
  Object.entries(coreorReasons)
    .map(([reason, message]) => `\`${reason}\`: ${message}`)
    .join('; ');

/** One refused segment, in the spirit of APERAK: the segment as sent, where, and why. */
export const coreorErrorSchema = Type.Object(
  {
    segment: Type.String({
      description: 'The segment as sent (at most 70 characters); empty when missing',
    }),
    position: Type.Integer({
      description:
        'Its position in the message (UNH is 1), or in the interchange for envelope errors',
    }),
    reason: described(StringEnum(Object.keys(coreorReasons) as CoreorReason[]), reasonList()),
    field: Type.Optional(
      Type.String({ description: '`invalidField`: the release field the segment set' }),
    ),
    detail: Type.Optional(
      Type.String({
        description: '`invalidField`: what is wrong (`releases.validation.{detail}`)',
      }),
    ),
    message: Type.Optional(Type.String({ description: 'In English, for machines' })),
  },
  { title: 'CoreorError' },
);
describes<Static<typeof coreorErrorSchema>, CoreorError>();

const coreorStatus = described(
  StringEnum(['accepted', 'partiallyAccepted', 'rejected', 'duplicate']),
  '`accepted`: every container taken; `partiallyAccepted`: some; `rejected`: none; `duplicate`: received before (the same sender and UNB control reference, or for a message the same sender and UNH message reference), nothing done again',
);

/** Issue 14 item 4: the answer per interchange, per message and per container. */
export const coreorAnswerSchema = Type.Object(
  {
    fileName: Type.Union([text, Type.Null()]),
    interchangeReference: Type.Union([
      Type.String({ description: 'UNB 0020, the interchange control reference' }),
      Type.Null(),
    ]),
    sender: Type.Union([Type.String({ description: 'UNB S002, the sender' }), Type.Null()]),
    recipient: Type.Union([
      Type.String({ description: 'UNB S003, the recipient (the APERAK’s sender)' }),
      Type.Null(),
    ]),
    status: coreorStatus,
    accepted: Type.Integer({ description: 'Containers taken' }),
    rejected: Type.Integer({ description: 'Containers refused' }),
    duplicates: Type.Integer({
      description: 'Containers of messages received before: neither taken again nor refused',
    }),
    errors: Type.Array(coreorErrorSchema, {
      description: 'Errors of the interchange itself (syntax, envelope): nothing of it was taken',
    }),
    messages: Type.Array(
      Type.Object({
        messageReference: Type.String({ description: 'UNH 0062' }),
        documentNumber: Type.String({ description: 'BGM 1004, the release order number' }),
        function: Type.Union([
          described(
            StringEnum(Object.values(coreorFunctions) as CoreorFunction[]),
            'BGM 1225: 9 original, 5 replace, 1 cancellation',
          ),
          Type.Null(),
        ]),
        status: coreorStatus,
        errors: Type.Array(coreorErrorSchema, {
          description: 'Errors of the message: none of its containers was taken',
        }),
        releases: Type.Array(
          Type.Object({
            blNumber: text,
            containerNumber: text,
            action: StringEnum(['create', 'update', 'cancel']),
            status: StringEnum(['accepted', 'rejected', 'duplicate']),
            address: Type.Optional(address),
            errors: Type.Array(coreorErrorSchema),
          }),
        ),
      }),
    ),
  },
  { title: 'CoreorAnswer' },
);
describes<Static<typeof coreorAnswerSchema>, CoreorAnswer>();

/** The segments a COREOR D95B message carries and the release field each sets, as a table. */
export function coreorMappingTable(): string {
  const rows = coreorMapping.map(
    (rule) =>
      `| ${rule.segment} | ${rule.field} | ${rule.level} | ${rule.required ? 'yes' : 'no'} | ${rule.note} |`,
  );
  return [
    '| segment | release field | level | required | note |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The seven kinds of green-light events with their values and colours, as a table. */
export function greenLightEventsText(): string {
  const rows = greenLightKinds.map((kind) => {
    const values = Object.entries(greenLightValues[kind]).map(
      ([value, color]) => `\`${value}\` (${color})`,
    );
    return `| \`${kind}\` | ${values.join(', ')} |`;
  });
  return ['| kind | values (colour) |', '| --- | --- |', ...rows].join('\n');
}

/** Which ledger operations make each event type (domain `webhookTypeOfOperation`). */
function operationsOfTypes(): string {
  return releaseWebhookEventTypes
    .map((type) => {
      const operations = Object.entries(webhookTypeOfOperation)
        .filter(([, of]) => of === type)
        .map(([operation]) => `\`${operation}\``);
      return `\`${type}\`: ${operations.join(', ')}`;
    })
    .join('; ');
}

/** Issue 14 item 5: what the portal POSTs to an organisation's webhook endpoint. */
export const webhookEventBodySchema = Type.Object(
  {
    id: Type.String({
      description:
        'The event’s id (its ledger event’s hash): the same on every redelivery, so drop one you already have',
    }),
    type: described(StringEnum([...releaseWebhookEventTypes]), operationsOfTypes()),
    operation: Type.String({ description: 'The ledger operation (the audit trail’s)' }),
    occurredAt: Type.String({ format: 'date-time' }),
    release: Type.Object({
      address,
      blNumber: text,
      containerNumber: text,
      version: Type.Integer(),
      releaseStatus: described(
        Type.String({ enum: [...releaseStatuses] }),
        'The release status after the event',
      ),
    }),
    details: Type.Optional(
      Type.Unknown({
        description: '`greenLight` only: the lights as the port’s status system left them',
      }),
    ),
  },
  { title: 'WebhookEvent' },
);
describes<Static<typeof webhookEventBodySchema>, WebhookEventBody>();
