import {
  languages,
  noticeGroupings,
  type NoticeGrouping,
  assertSameType,
  type PreferencesChange,
} from '@scr/domain';
import { StringEnum, Type, type Static } from '@feathersjs/typebox';

/** Releases spec §2: the columns of each overview table, by the id the web gives them. */
export const overviewColumns = {
  bl: [
    'blNumber',
    'pickupMethod',
    'portOfLoading',
    'portOfDestination',
    'vessel',
    'agent',
    'stayNumber',
    'lloydsNumber',
    'voyageNumber',
  ],
  container: [
    'containerNumber',
    'pickupMethod',
    'vessel',
    'blNumber',
    'validFrom',
    'validUntil',
    'pickupPort',
    'pickupLocation',
    'turnInLocation',
    'turnInReference',
    'turnInLocationBarge',
    'turnInReferenceBarge',
    'turnInLocationRail',
    'turnInReferenceRail',
    'receivedFrom',
    'releaseStatus',
    'transferStatus',
    'transferTo',
    'assignedTo',
    'assignedVisitNumber',
    'nextModeOfTransport',
  ],
} as const;

/** Releases spec §2: hidden until the user chooses otherwise (domain). */
export { defaultHiddenColumns } from '@scr/domain';

export { noticeGroupings, type NoticeGrouping };

const hidden = (ids: readonly string[]) =>
  Type.Array(StringEnum([...ids]), { uniqueItems: true, maxItems: ids.length });
/** A saved row limit: empty and out-of-range values are accepted and reset (spec §5). */
const rowLimit = Type.Union([Type.Integer(), Type.String({ maxLength: 10 }), Type.Null()]);

/**
 * `POST /api/preferences` (access spec §7 "GET/CREATE preferences"): any part of the user's
 * preferences; what is left out keeps its saved value, a hidden-columns list sent replaces
 * that view's list.
 */
export const preferencesChangeSchema = Type.Object(
  {
    hiddenColumns: Type.Optional(
      Type.Object(
        {
          bl: Type.Optional(hidden(overviewColumns.bl)),
          container: Type.Optional(hidden(overviewColumns.container)),
        },
        { additionalProperties: false },
      ),
    ),
    options: Type.Optional(
      Type.Object(
        {
          transferred: Type.Optional(StringEnum([...noticeGroupings])),
          updated: Type.Optional(StringEnum([...noticeGroupings])),
          limitBL: Type.Optional(rowLimit),
          limitCT: Type.Optional(rowLimit),
        },
        { additionalProperties: false },
      ),
    ),
    preferredLanguage: Type.Optional(StringEnum([...languages])),
    releaseTransferEmail: Type.Optional(Type.Boolean()),
    releaseUpdateEmail: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof preferencesChangeSchema>, PreferencesChange>();

/** The contract's shapes (domain `api/`), under the names this service's code uses. */
export type { PreferencesChange };
