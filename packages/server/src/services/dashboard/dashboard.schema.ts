import { assertSameType, type DashboardQuery } from '@scr/domain';
import { Type, type Static } from '@feathersjs/typebox';
import { listSchema } from '../../overview/overview-query-schema.ts';

/** `GET /api/dashboard` (releases spec §7 "dashboard find: query addresses"). */
export const dashboardQuerySchema = Type.Object(
  { addresses: Type.Optional(listSchema(Type.String({ maxLength: 64 }), 1000)) },
  { additionalProperties: false },
);
assertSameType<Static<typeof dashboardQuerySchema>, DashboardQuery>();
