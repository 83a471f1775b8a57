import { rowsPerPageOptions, type Language } from '@scr/domain';
import type {
  MRT_Localization,
  MRT_RowData,
  MRT_TableOptions,
  MRT_Updater,
} from 'material-react-table';
import { MRT_Localization_DE } from 'material-react-table/locales/de';
import { MRT_Localization_EN } from 'material-react-table/locales/en';
import { MRT_Localization_FR } from 'material-react-table/locales/fr';
import { MRT_Localization_IT } from 'material-react-table/locales/it';
import { MRT_Localization_NL } from 'material-react-table/locales/nl';

/** The table's own words (pagination, column menu) in the portal's five languages. */
export const tableLocalizations: Record<Language, MRT_Localization> = {
  en: MRT_Localization_EN,
  fr: MRT_Localization_FR,
  nl: MRT_Localization_NL,
  de: MRT_Localization_DE,
  it: MRT_Localization_IT,
};

/** Applies a table state updater, which is a value or a function of the previous value. */
export function applyUpdater<T>(updater: MRT_Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;
}

/**
 * What both overview tables share: the server pages, sorts and filters (the browser never holds
 * more than a page), no client-side search or column filters (the search box and the filter
 * panel do that), 10/25/50 rows a page (releases spec §2).
 */
export function overviewTableOptions<T extends MRT_RowData>(
  language: Language,
  /** "of more than", when the server stopped counting (a page's `totalCapped`). */
  ofMoreThan?: string,
): Partial<MRT_TableOptions<T>> {
  const localization = tableLocalizations[language];
  return {
    localization: ofMoreThan ? { ...localization, of: ofMoreThan } : localization,
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
    muiPaginationProps: {
      rowsPerPageOptions: [...rowsPerPageOptions],
      showFirstButton: false,
      showLastButton: false,
    },
    muiTablePaperProps: { variant: 'outlined', elevation: 0 },
    muiTableContainerProps: { sx: { maxWidth: '100%' } },
    muiTableHeadCellProps: { sx: { whiteSpace: 'nowrap' } },
    muiTableBodyCellProps: { sx: { whiteSpace: 'nowrap' } },
  };
}
