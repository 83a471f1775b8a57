import { billOfLadingSortFields } from '@scr/domain';
import { Type, type Static } from '@feathersjs/typebox';
import { overviewQueryProperties, sortSchema } from '../../overview/overview-query-schema.ts';

/**
 * `GET /api/bills-of-lading` (releases spec §7 "bills-of-lading find: query addresses,
 * doGrouping, $filter, $search"): the overview's search, filter, paging and sort.
 */
export const billsOfLadingQuerySchema = Type.Object(
  {
    ...overviewQueryProperties,
    $sort: Type.Optional(sortSchema(billOfLadingSortFields)),
    /** Sent by the spec's client; the answer is always grouped by BL. */
    doGrouping: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BillsOfLadingQuery = Static<typeof billsOfLadingQuerySchema>;
