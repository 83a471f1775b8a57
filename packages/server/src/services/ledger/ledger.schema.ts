import { Type } from '@feathersjs/typebox';

/**
 * The proofs' query strings, as text: the service reads each value itself and answers a
 * `ledger_*` error naming what is wrong (a repeated or unknown parameter is validation_failed).
 */
const value = (description: string) => Type.String({ maxLength: 100, description });

export const inclusionProofQuerySchema = Type.Object(
  {
    event: value('The event’s hash (its audit-trail entry’s `hash`), 0x + 64 hex digits'),
    treeSize: Type.Optional(
      value('The size of a signed checkpoint the event is in; the latest checkpoint by default'),
    ),
  },
  { additionalProperties: false },
);

export const consistencyProofQuerySchema = Type.Object(
  {
    from: value('The tree size of the checkpoint you hold'),
    to: Type.Optional(
      value('The size of a later signed checkpoint; the latest checkpoint by default'),
    ),
  },
  { additionalProperties: false },
);

/** `POST ledger/checkpoints` takes no fields. */
export const checkpointCreateSchema = Type.Object({}, { additionalProperties: false });
