import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rowsPerPageOptions, type Language } from '@scr/domain';
import type { TFunction } from 'i18next';
import {
  MRT_ShowHideColumnsButton,
  type MRT_Localization,
  type MRT_RowData,
  type MRT_TableOptions,
  type MRT_Updater,
} from 'material-react-table';
import { MRT_Localization_DE } from 'material-react-table/locales/de';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_FR } from 'material-react-table/locales/fr';
import { MRT_Localization_IT } from 'material-react-table/locales/it';
import { MRT_Localization_NL } from 'material-react-table/locales/nl';
import { describeApiError } from '../../../api/errors.ts';
import { overflowAttributes, ScrollHint, type ScrollOverflow } from './scroll-overflow.tsx';

/**
 * The table's own words (pagination, sorting, expanding) in the portal's five languages. Looked
 * up when a table renders, never kept in a module-level object: in the built app this module's
 * chunk and the table library's chunk import each other, so when this module is evaluated the
 * locales may not be set yet (a table in French then spoke English, issue 15).
 */
export function tableLocalization(language: Language): MRT_Localization {
  switch (language) {
    case 'fr':
      return MRT_Localization_FR;
    case 'nl':
      return MRT_Localization_NL;
    case 'de':
      return MRT_Localization_DE;
    case 'it':
      return MRT_Localization_IT;
    default:
      return MRT_Localization_EN;
  }
}

/** Applies a table state updater, which is a value or a function of the previous value. */
export function applyUpdater<T>(updater: MRT_Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;
}

/**
 * MRT draws pinned cells at 97 % opacity, so the cells scrolling under them show through as
 * ghost text; pinned cells here are opaque.
 */
export const opaquePinnedCell = {
  '&[data-pinned="true"]': { opacity: 1 },
  '&[data-pinned="true"]:before': { backgroundColor: 'background.paper' },
} as const;

/**
 * A header's words may take a second line (MRT keeps headers under 20 letters on one), and the
 * header always has the room of two: the columns take their widths from the rows, so while the
 * first page loads no header wraps yet, and a header growing when the rows arrive would move
 * them all down (layout shift, bench/README.md "The web app in Chromium").
 */
export const wrappingHeader = {
  '& .Mui-TableHeadCell-Content-Wrapper': {
    whiteSpace: 'normal',
    minHeight: '3rem',
    display: 'flex',
    alignItems: 'center',
  },
} as const;

/**
 * What both overview tables share: the server pages, sorts and filters (the browser never holds
 * more than a page), no client-side search or column filters (the search box and the filter
 * panel do that), 10/25/50 rows a page (releases spec §2); "of more than" when the server
 * stopped counting (a page's `totalCapped`), and a failed page's reason in the alert banner
 * (which the table's `state.showAlertBanner` shows); compact rows; while columns lie out of
 * view sideways, a hint beside the column chooser and a shadow at the pinned columns' edge.
 */
export function overviewTableOptions<T extends MRT_RowData>(
  t: TFunction,
  language: Language,
  page: { data?: { totalCapped?: boolean }; isError: boolean; error: unknown },
  /**
   * The first page is on its way. MRT's own loading state (`state.isLoading`) fills up to 20
   * blank rows with a skeleton in every cell, and each of those cells renders twice (it picks
   * its skeleton's width in an effect): switching to the container tab for a page of 7 releases
   * spent 40% of the browser's work on them (issue 10 §7). Here the rows stay empty, the
   * empty-rows fallback draws a few placeholder lines (`EmptyRows` `loading`), the table is
   * `aria-busy`, and the progress bar runs while the page is fetched (`TableProgress`).
   */
  loading: boolean,
  /** The table container's sideways overflow (`useScrollOverflow`): its shadows and hint. */
  scroll: ScrollOverflow,
): Partial<MRT_TableOptions<T>> {
  const localization = {
    ...tableLocalization(language),
    // "2 of 12 selected", not the library's "2 of 12 row(s) selected".
    selectedCountOfRowCountRowsSelected: t('releases.selection.countOfTotal'),
  };
  return {
    localization: page.data?.totalCapped
      ? { ...localization, of: t('releases.ofMoreThan') }
      : localization,
    muiToolbarAlertBannerProps: page.isError
      ? { color: 'error', children: describeApiError(page.error, t) }
      : undefined,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableGlobalFilter: false,
    enableColumnFilters: false,
    enableColumnActions: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableMultiSort: false,
    enableSortingRemoval: true,
    positionActionsColumn: 'last',
    // Columns as wide as their content (the table scrolls sideways), not 180px each.
    defaultColumn: { size: 100, minSize: 40 },
    paginationDisplayMode: 'default',
    // While the first page loads the pager has nothing to count ("0-0 of 0" said the table
    // was empty): it says the page is loading instead, in its place.
    enablePagination: !loading,
    renderBottomToolbarCustomActions: loading
      ? () => (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 1 }}
            data-testid="overview-pager-loading"
          >
            {t('releases.loading')}
          </Typography>
        )
      : undefined,
    // Beside the column chooser, while columns lie out of view: the table scrolls sideways.
    renderToolbarInternalActions: ({ table }) => (
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <ScrollHint overflow={scroll} />
        <MRT_ShowHideColumnsButton table={table} />
      </Stack>
    ),
    muiPaginationProps: {
      rowsPerPageOptions: [...rowsPerPageOptions],
      showFirstButton: false,
      showLastButton: false,
    },
    muiTablePaperProps: { variant: 'outlined', elevation: 0 },
    muiTableContainerProps: {
      ref: scroll.ref,
      sx: { maxWidth: '100%' },
      'aria-busy': loading,
      ...overflowAttributes(scroll),
    } as object,
    // Compact rows and headers that take a second line: more rows in view, and the default
    // columns fit a 1440 px window.
    initialState: { density: 'compact' },
    muiTableHeadCellProps: { sx: { whiteSpace: 'nowrap', ...wrappingHeader, ...opaquePinnedCell } },
    // The headers keep their room but show with the rows: the columns take their widths from
    // the rows (and the pickupMethod column joins once its lookup answers), so headers drawn
    // before them would slide sideways as they arrive (layout shift).
    muiTableHeadProps: loading ? { sx: { visibility: 'hidden' } } : undefined,
    muiTableBodyCellProps: { sx: { whiteSpace: 'nowrap', ...opaquePinnedCell } },
  };
}
