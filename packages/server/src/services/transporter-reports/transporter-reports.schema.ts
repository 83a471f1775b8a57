import { Type, type Static } from '@feathersjs/typebox';
import { assertSameType, reportPeriods, type SuccessReportQuery } from '@scr/domain';

/**
 * `GET /api/transporters/reports?successRateOfSecurePickupReport=true&operationAt=week` (access
 * spec §7 "Transporters"): `operationAt` is the period, 1 week, 1 month or all (left out: all).
 */
export const successReportQuerySchema = Type.Object(
  {
    successRateOfSecurePickupReport: Type.Optional(Type.Boolean()),
    operationAt: Type.Optional(Type.Union(reportPeriods.map((period) => Type.Literal(period)))),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof successReportQuerySchema>, SuccessReportQuery>();
