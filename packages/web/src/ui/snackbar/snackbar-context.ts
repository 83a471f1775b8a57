import { createContext, useContext } from 'react';
import type { SnackbarSeverity } from './snackbar-queue.ts';

export interface EnqueueOptions {
  /** Milliseconds before it closes by itself (spec: 3000 for EULA and two-factor errors). */
  autoHideMs?: number | null;
}

export interface SnackbarApi {
  /**
   * Shows a translated message. Returns the snackbar's id, or the id of the identical one
   * already showing.
   */
  enqueue: (message: string, severity?: SnackbarSeverity, options?: EnqueueOptions) => number;
  dismiss: (id: number) => void;
}

export const SnackbarContext = createContext<SnackbarApi | null>(null);

/** Snackbars for any feature: `const { enqueue } = useSnackbar(); enqueue(t('…'), 'error')`. */
export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return api;
}
