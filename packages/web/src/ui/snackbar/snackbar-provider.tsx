import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SnackbarContext, type SnackbarApi } from './snackbar-context.ts';
import { addSnackbar, removeSnackbar, type SnackbarItem } from './snackbar-queue.ts';

/** How long a snackbar stays when the caller does not say. */
export const defaultAutoHideMs = 6000;

/** Shows the snackbars of the whole app, stacked at the bottom left. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<SnackbarItem[]>([]);
  // The ref is the source of truth, so that two calls in one tick see each other.
  const itemsRef = useRef(items);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    itemsRef.current = removeSnackbar(itemsRef.current, id);
    setItems(itemsRef.current);
  }, []);

  const enqueue = useCallback<SnackbarApi['enqueue']>((message, severity = 'info', options) => {
    const shown = itemsRef.current.find((item) => item.message === message);
    if (shown) return shown.id;
    const autoHideMs = options?.autoHideMs === undefined ? defaultAutoHideMs : options.autoHideMs;
    const item: SnackbarItem = { id: nextId.current++, message, severity, autoHideMs };
    itemsRef.current = addSnackbar(itemsRef.current, item);
    setItems(itemsRef.current);
    return item.id;
  }, []);

  const api = useMemo(() => ({ enqueue, dismiss }), [enqueue, dismiss]);

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <Stack
        spacing={1}
        aria-live="polite"
        sx={{ position: 'fixed', left: 24, bottom: 24, zIndex: 'snackbar', maxWidth: 480 }}
      >
        {items.map((item) => (
          <SnackbarAlert key={item.id} item={item} onClose={dismiss} />
        ))}
      </Stack>
    </SnackbarContext.Provider>
  );
}

function SnackbarAlert({ item, onClose }: { item: SnackbarItem; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (item.autoHideMs === null) return;
    const timer = setTimeout(() => onClose(item.id), item.autoHideMs);
    return () => clearTimeout(timer);
  }, [item.id, item.autoHideMs, onClose]);

  return (
    <Alert
      data-testid="snackbar"
      severity={item.severity}
      variant="filled"
      elevation={6}
      onClose={() => onClose(item.id)}
      closeText={t('snackbar.close')}
    >
      {item.message}
    </Alert>
  );
}
