import { fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forwarderUser } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';
import { useLeaveWarning } from './leave-warning.ts';
import { pageNavigation } from './page-navigation.ts';

/** What the browser learns when the page is about to close: asked or not, and with what. */
function leave(): { asked: boolean; message: unknown } {
  const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
  // As a browser's BeforeUnloadEvent: a message may be put in `returnValue`.
  Object.defineProperty(event, 'returnValue', { value: '', writable: true });
  fireEvent(window, event);
  return { asked: event.defaultPrevented, message: event.returnValue };
}

beforeEach(() => {
  pageNavigation.leaving = false;
});
afterEach(() => {
  pageNavigation.leaving = false;
});

describe('the before-unload prompt (access spec §2 "App shell", releases spec §2 "Warnings")', () => {
  it('is always active in the shell, signed in or not', async () => {
    const app = renderApp({ path: '/settings', user: forwarderUser });
    await screen.findByTestId('settings-page');
    expect(leave()).toEqual({
      asked: true,
      message: 'Leave the portal? What you have not saved or sent yet is lost.',
    });
    app.unmount();
    expect(leave().asked).toBe(false);

    renderApp({ path: '/login', language: 'fr' });
    await screen.findByTestId('login-frame');
    expect(leave()).toEqual({
      asked: true,
      message:
        'Quitter le portail ? Ce que vous n’avez pas encore enregistré ou envoyé sera perdu.',
    });
  });

  it('puts a wallet transfer’s warning on top while it runs, whichever came first', () => {
    const transfer = renderHook(({ active }) => useLeaveWarning(active, 'transfer running'), {
      initialProps: { active: true },
    });
    const always = renderHook(() => useLeaveWarning(true, 'always', 0));
    expect(leave()).toEqual({ asked: true, message: 'transfer running' });
    transfer.rerender({ active: false });
    expect(leave()).toEqual({ asked: true, message: 'always' });
    always.unmount();
    expect(leave().asked).toBe(false);
  });

  it('stays quiet when the portal itself leaves the page (the session-expired alert’s Close)', () => {
    renderHook(() => useLeaveWarning(true, 'transfer running'));
    pageNavigation.leaving = true;
    expect(leave().asked).toBe(false);
  });
});
