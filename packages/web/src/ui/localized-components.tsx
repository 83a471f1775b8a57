import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { LabelDisplayedRowsArgs } from '@mui/material/TablePagination';
import { rowsPerPageOptions } from '@scr/domain';
import type { TFunction } from 'i18next';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './formats.ts';

/**
 * Issue 15: one paging label for every table, the overview's material-react-table style
 * ("1-10 of 42", numbers with the language's separators).
 */
export function displayedRows(
  t: TFunction,
  language: string,
  { from, to, count }: Pick<LabelDisplayedRowsArgs, 'from' | 'to' | 'count'>,
): string {
  const number = (value: number) => formatNumber(value, language);
  return t('paging.displayedRows', {
    from: number(from),
    to: number(to),
    count: count === -1 ? t('paging.moreThan', { count: number(to) }) : number(count),
  });
}

/**
 * The words MUI components say on their own (tooltips of Autocomplete's clear and open
 * buttons, "No options", a table's paging, an alert's close button), in the user's language,
 * and one rows-per-page choice (releases spec §9: 10, 25, 50) for every table. Set once as
 * theme defaults, so no component is left in English (issue 15).
 */
export function componentTexts(t: TFunction, language: string) {
  return {
    components: {
      MuiAutocomplete: {
        defaultProps: {
          clearText: t('mui.clear'),
          closeText: t('mui.close'),
          openText: t('mui.open'),
          noOptionsText: t('mui.noOptions'),
          loadingText: t('mui.loading'),
        },
      },
      MuiTablePagination: {
        defaultProps: {
          rowsPerPageOptions: [...rowsPerPageOptions],
          labelRowsPerPage: t('paging.rowsPerPage'),
          labelDisplayedRows: (args: LabelDisplayedRowsArgs) => displayedRows(t, language, args),
          getItemAriaLabel: (type: 'first' | 'last' | 'next' | 'previous') =>
            t(`paging.${type}Page`),
        },
      },
      MuiAlert: { defaultProps: { closeText: t('mui.close') } },
    },
  };
}

/** Below the translations: MUI's own texts follow the language shown. */
export function LocalizedComponents({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const localized = useCallback(
    (outer: Theme): Theme => {
      const { components } = componentTexts(t, language);
      const merged: Record<string, unknown> = { ...outer.components };
      for (const [name, { defaultProps }] of Object.entries(components)) {
        const own = (outer.components as Record<string, { defaultProps?: object }> | undefined)?.[
          name
        ];
        merged[name] = { ...own, defaultProps: { ...own?.defaultProps, ...defaultProps } };
      }
      return { ...outer, components: merged as Theme['components'] };
    },
    [t, language],
  );
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}
