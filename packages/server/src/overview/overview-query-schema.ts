import {
  dashboardFields,
  overviewFilterFields,
  releaseStatuses,
  transferStatuses,
  validityFilters,
} from '@scr/domain';
import { StringEnum, Type, type TSchema } from '@feathersjs/typebox';

const text = Type.String({ maxLength: 100 });
/** An enum filter field; empty means "any" (a cleared select in the filter panel). */
const oneOf = (values: readonly string[]) => StringEnum([...values, '']);

const filterFieldSchemas: Record<(typeof overviewFilterFields)[number], TSchema> = {
  blNumber: text,
  containerNumber: text,
  vessel: text,
  voyageNumber: text,
  turnInLocation: text,
  releaseStatus: oneOf(releaseStatuses),
  pickupLocation: text,
  pickupPort: text,
  valid: oneOf(validityFilters),
  transferStatus: oneOf(transferStatuses),
};

/** Releases spec §2 "filter dialog": the ten fields of domain `OverviewFilter`. */
export const overviewFilterSchema = Type.Object(
  Object.fromEntries(
    overviewFilterFields.map((field) => [field, Type.Optional(filterFieldSchemas[field])]),
  ),
  { additionalProperties: false },
);

/** Domain `DashboardSlice`: a chart field and one of its values. */
export const dashboardSliceSchema = Type.Object(
  { field: StringEnum([...dashboardFields]), value: Type.String({ maxLength: 100 }) },
  { additionalProperties: false },
);

/** One value, or several (`?x=a&x=b`, `?x[]=a`, or `?x=a,b`). */
export const listSchema = <T extends TSchema>(item: T, maxItems: number) =>
  Type.Union([Type.Array(item, { maxItems }), item]);

/** `$sort[field]=1|-1` over the given fields, one field at a time. */
export const sortSchema = (fields: readonly string[]) =>
  Type.Object(
    Object.fromEntries(
      fields.map((field) => [field, Type.Optional(Type.Integer({ minimum: -1, maximum: 1 }))]),
    ),
    { additionalProperties: false, maxProperties: 1 },
  );

/** The query fields `bills-of-lading` and `containers` find share (releases spec §2, §7). */
export const overviewQueryProperties = {
  /** Case-insensitive substring of BL, container, vessel, voyage, pick-up, stay, Lloyd's, agent. */
  $search: Type.Optional(Type.String({ maxLength: 100 })),
  $filter: Type.Optional(overviewFilterSchema),
  /** A clicked dashboard slice (domain `DashboardSlice`): exactly the releases it counted. */
  $slice: Type.Optional(dashboardSliceSchema),
  /** 10, 25 or 50; more is answered with 50. */
  $limit: Type.Optional(Type.Integer({ minimum: 1 })),
  $skip: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Only these releases (spec §7 "addresses"). */
  addresses: Type.Optional(listSchema(Type.String({ maxLength: 64 }), 1000)),
};
