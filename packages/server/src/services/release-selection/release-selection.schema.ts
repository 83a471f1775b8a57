import {
  assertSameType,
  maxSelectedReleases,
  releaseStatuses,
  transferStatuses,
  validityFilters,
  type ReleaseSelectionRequest,
} from '@scr/domain';
import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import { dashboardSliceSchema } from '../../overview/overview-query-schema.ts';

const text = Type.Optional(Type.String({ maxLength: 100 }));

/**
 * `POST /api/release-selection`: the overview's search, its filter fields (domain
 * `OverviewFilter`, only those set), a dashboard slice, or release addresses.
 */
export const releaseSelectionSchema = Type.Object(
  {
    search: text,
    filter: Type.Optional(
      Type.Object(
        {
          blNumber: text,
          containerNumber: text,
          vessel: text,
          voyageNumber: text,
          turnInLocation: text,
          releaseStatus: Type.Optional(StringEnum([...releaseStatuses])),
          pickupLocation: text,
          pickupPort: text,
          valid: Type.Optional(StringEnum([...validityFilters])),
          transferStatus: Type.Optional(StringEnum([...transferStatuses])),
        },
        { additionalProperties: false },
      ),
    ),
    slice: Type.Optional(dashboardSliceSchema),
    addresses: Type.Optional(
      Type.Array(Type.String({ maxLength: 64 }), { maxItems: maxSelectedReleases }),
    ),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof releaseSelectionSchema>, ReleaseSelectionRequest>();
