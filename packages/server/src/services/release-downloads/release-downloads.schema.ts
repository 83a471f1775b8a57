import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  downloadFormats,
  downloadLayouts,
  languages,
  maxDownloadSelection,
  type DownloadFileRequest,
  type DownloadRowsRequest,
} from '@scr/domain';
import {
  dashboardSliceSchema,
  overviewFilterSchema,
} from '../../overview/overview-query-schema.ts';

/** Releases spec §7 `POST /releases/download/get`: filter, search, selectedContainerAddresses. */
const scopeProperties = {
  search: Type.Optional(Type.String({ maxLength: 100 })),
  filter: Type.Optional(overviewFilterSchema),
  slice: Type.Optional(dashboardSliceSchema),
  selectedContainerAddresses: Type.Optional(
    Type.Array(Type.String({ maxLength: 64 }), { maxItems: maxDownloadSelection }),
  ),
  includeadr: Type.Optional(Type.Unknown()),
};

export const downloadRowsSchema = Type.Object(scopeProperties, { additionalProperties: false });

/** Releases spec §7 `POST /releases/download`: the scope, the file's kind and language. */
export const downloadFileSchema = Type.Object(
  {
    ...scopeProperties,
    format: StringEnum([...downloadFormats]),
    layout: StringEnum([...downloadLayouts]),
    language: StringEnum([...languages]),
    fetchPincode: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The filter's fields are the overview's own schema (`overview-query-schema.ts`). */
type WithoutFilter<T> = Omit<T, 'filter'>;
assertSameType<
  WithoutFilter<Static<typeof downloadRowsSchema>>,
  WithoutFilter<DownloadRowsRequest>
>();
assertSameType<
  WithoutFilter<Static<typeof downloadFileSchema>>,
  WithoutFilter<DownloadFileRequest>
>();
