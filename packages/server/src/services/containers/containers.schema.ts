import { containerSortFields } from '@scr/domain';
import { Type, type Static } from '@feathersjs/typebox';
import {
  listSchema,
  overviewQueryProperties,
  sortSchema,
} from '../../overview/overview-query-schema.ts';

/**
 * `GET /api/containers` (releases spec §7 "containers find: query blNumber list, containerNumber
 * list, addresses"): the flat view's search, filter, paging and sort, or one BL's containers.
 */
export const containersQuerySchema = Type.Object(
  {
    ...overviewQueryProperties,
    $sort: Type.Optional(sortSchema(containerSortFields)),
    /** The containers of these BLs (an expanded BL row), by BL number, any case. */
    blNumber: Type.Optional(listSchema(Type.String({ maxLength: 64 }), 100)),
    /** Or by BL id (`BillOfLadingRow.id`): exact when two carriers use one BL number. */
    billOfLadingId: Type.Optional(listSchema(Type.Integer({ minimum: 1 }), 100)),
    /** These container numbers, any case. */
    containerNumber: Type.Optional(listSchema(Type.String({ maxLength: 64 }), 1000)),
  },
  { additionalProperties: false },
);
export type ContainersQuery = Static<typeof containersQuerySchema>;
