import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resources } from '../i18n/all-locales.ts';
import { preloadLocales } from '../i18n/i18n.ts';
import { skipOwnerStacks } from './owner-stacks.ts';
import { stopSessions } from './running-sessions.ts';
import { removeTestStyles } from './test-styles.ts';
import { uiWaitMs } from './waits.ts';

// React captures no owner stack for the elements the tests create (a tenth of their CPU).
skipOwnerStacks();

// Every language at once: tests switch languages without waiting for a download.
preloadLocales(resources);

configure({ asyncUtilTimeout: uiWaitMs });

// The files of a worker share one jsdom and one module graph (isolate: false): each test leaves
// the timers real, the spies restored, the storage, cookies, styles and consented scripts empty.
afterEach(() => {
  cleanup();
  removeTestStyles();
  vi.useRealTimers();
  vi.restoreAllMocks();
  stopSessions();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  });
  document.querySelectorAll('script[data-consented]').forEach((script) => script.remove());
});
