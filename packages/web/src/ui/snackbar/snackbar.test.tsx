import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import { useSnackbar, type SnackbarApi } from './snackbar-context.ts';
import { SnackbarProvider } from './snackbar-provider.tsx';
import { addSnackbar, maxVisibleSnackbars, type SnackbarItem } from './snackbar-queue.ts';

const item = (id: number, message = `message ${id}`): SnackbarItem => ({
  id,
  message,
  severity: 'info',
  autoHideMs: null,
});

describe('addSnackbar (access spec §9: snackbar max 5, duplicates prevented)', () => {
  it('drops the oldest once five are showing', () => {
    let items: SnackbarItem[] = [];
    for (let id = 1; id <= 7; id += 1) items = addSnackbar(items, item(id));
    expect(maxVisibleSnackbars).toBe(5);
    expect(items.map((shown) => shown.id)).toEqual([3, 4, 5, 6, 7]);
  });

  it('does not add a message that is already showing', () => {
    const items = addSnackbar([item(1, 'Saved')], item(2, 'Saved'));
    expect(items.map((shown) => shown.id)).toEqual([1]);
  });
});

describe('SnackbarProvider', () => {
  function renderProvider() {
    const api: { current: SnackbarApi | null } = { current: null };
    function Capture() {
      api.current = useSnackbar();
      return null;
    }
    render(
      <I18nextProvider i18n={createI18n({ language: 'en' })}>
        <SnackbarProvider>
          <Capture />
        </SnackbarProvider>
      </I18nextProvider>,
    );
    return () => api.current as SnackbarApi;
  }

  it('shows at most five, newest kept, and each message once', () => {
    const snackbar = renderProvider();
    act(() => {
      for (let n = 1; n <= 6; n += 1) snackbar().enqueue(`Release ${n} transferred`, 'success');
      snackbar().enqueue('Release 6 transferred', 'success');
    });
    const shown = screen.getAllByTestId('snackbar').map((alert) => alert.textContent);
    expect(shown).toHaveLength(5);
    expect(shown[0]).toContain('Release 2 transferred');
    expect(shown[4]).toContain('Release 6 transferred');
  });

  it('lets the same message show again after it was closed', () => {
    const snackbar = renderProvider();
    let first = 0;
    act(() => {
      first = snackbar().enqueue('Could not authenticate.', 'error');
    });
    act(() => snackbar().dismiss(first));
    expect(screen.queryByTestId('snackbar')).toBeNull();
    act(() => {
      snackbar().enqueue('Could not authenticate.', 'error');
    });
    expect(screen.getByTestId('snackbar')).toHaveTextContent('Could not authenticate.');
  });
});
