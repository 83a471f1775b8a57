import { Type, type Static } from '@feathersjs/typebox';
import { assertSameType, bulkLimits, type BulkClassifyRequest } from '@scr/domain';

const text = Type.String({ maxLength: 100 });

/** `bulk-operations/classifications` create: the pairs to classify (releases spec §4). */
export const bulkClassifySchema = Type.Object(
  {
    pairs: Type.Array(
      Type.Object({ blNumber: text, containerNumber: text }, { additionalProperties: false }),
      { minItems: 1, maxItems: bulkLimits.maxRows },
    ),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof bulkClassifySchema>, BulkClassifyRequest>();
