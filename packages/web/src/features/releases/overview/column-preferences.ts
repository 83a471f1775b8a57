import {
  defaultHiddenColumns as domainDefaultHiddenColumns,
  normaliseRowLimit,
  type OverviewView,
  type PreferencesChange,
  type PreferencesView,
} from '@scr/domain';

export type HiddenColumns = Record<OverviewView, string[]>;

/** Releases spec §2: the columns that start hidden (domain `defaultHiddenColumns`). */
export const defaultHiddenColumns: HiddenColumns = {
  bl: [...domainDefaultHiddenColumns.bl],
  container: [...domainDefaultHiddenColumns.container],
};

export interface RestoredPreferences {
  hidden: HiddenColumns;
  limits: Record<OverviewView, number>;
}

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;

/**
 * The columns and rows per page a user saved (releases spec §2, §5 "Stored preferences"): a
 * limit that is empty or above 50 goes back to the view's default; no saved choice keeps the
 * default hidden columns. Takes the server's full `PreferencesView` as well as any part of it.
 */
export function restorePreferences(
  saved: PreferencesView | PreferencesChange | null | undefined,
): RestoredPreferences {
  return {
    hidden: {
      bl: strings(saved?.hiddenColumns?.bl) ?? defaultHiddenColumns.bl,
      container: strings(saved?.hiddenColumns?.container) ?? defaultHiddenColumns.container,
    },
    limits: {
      bl: normaliseRowLimit(saved?.options?.limitBL, 'bl'),
      container: normaliseRowLimit(saved?.options?.limitCT, 'container'),
    },
  };
}

/**
 * What this page owns of the preferences, to upsert: both views' hidden columns and row limits.
 * The server keeps the options left out (the e-mail groupings of the settings page).
 */
export function preferencesChange(current: RestoredPreferences): PreferencesChange {
  return {
    hiddenColumns: { bl: current.hidden.bl, container: current.hidden.container },
    options: { limitBL: current.limits.bl, limitCT: current.limits.container },
  };
}

/** Hidden ids → the table's `{id: false}` visibility. */
export const visibilityOf = (hidden: readonly string[]): Record<string, boolean> =>
  Object.fromEntries(hidden.map((id) => [id, false]));

/** The table's visibility → the hidden ids (the table's own columns, `mrt-…`, are not ours). */
export const hiddenOf = (visibility: Record<string, boolean>): string[] =>
  Object.entries(visibility)
    .filter(([id, visible]) => !visible && !id.startsWith('mrt-'))
    .map(([id]) => id)
    .sort();
