import type { AlertColor } from '@mui/material/Alert';

/** Access spec §9: at most five snackbars at once. */
export const maxVisibleSnackbars = 5;

export type SnackbarSeverity = AlertColor;

export interface SnackbarItem {
  id: number;
  message: string;
  severity: SnackbarSeverity;
  /** Milliseconds before it closes by itself; null keeps it until closed. */
  autoHideMs: number | null;
}

/**
 * The snackbars after adding one (access spec §8 "at most 5, duplicates prevented"): a message
 * already showing is not added again, and past five the oldest makes room.
 */
export function addSnackbar(items: readonly SnackbarItem[], item: SnackbarItem): SnackbarItem[] {
  if (items.some((shown) => shown.message === item.message)) return [...items];
  return [...items, item].slice(-maxVisibleSnackbars);
}

/** The snackbars after one is closed. */
export function removeSnackbar(items: readonly SnackbarItem[], id: number): SnackbarItem[] {
  return items.filter((item) => item.id !== id);
}
