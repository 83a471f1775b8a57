import type { OverviewView } from '@scr/domain';
import { useEffect } from 'react';

/** Where a tab's rows show: the desktop table, or the cards on a phone. */
export type ShownLayout = 'table' | 'cards';

/** Placeholder lines of a tab this browser has not shown yet. */
export const defaultPlaceholderLines = 3;

const storageKey = (view: OverviewView, layout: ShownLayout) =>
  `scr.overview.shown.${layout}.${view}`;

/**
 * How many placeholder lines a tab's first load draws: as many rows (or cards) as it showed
 * last on this browser, at most a page; else three. A returning user's page then takes the
 * room its rows will take, and nothing below moves when they arrive (layout shift,
 * bench/README.md "The web app in Chromium").
 */
export function placeholderLines(view: OverviewView, layout: ShownLayout, pageSize: number) {
  let shown = 0;
  try {
    shown = Number(localStorage.getItem(storageKey(view, layout)));
  } catch {
    // Storage can be unavailable (privacy modes): the default then.
  }
  const lines = Number.isInteger(shown) && shown > 0 ? shown : defaultPlaceholderLines;
  return Math.max(1, Math.min(lines, pageSize));
}

/** Remembers how many rows a tab shows once its page is there (not while it loads or failed). */
export function useRememberShownRows(
  view: OverviewView,
  layout: ShownLayout,
  rows: number,
  shown: boolean,
) {
  useEffect(() => {
    if (!shown) return;
    try {
      localStorage.setItem(storageKey(view, layout), String(rows));
    } catch {
      // A full or refused storage only costs the next first load its room.
    }
  }, [view, layout, rows, shown]);
}
