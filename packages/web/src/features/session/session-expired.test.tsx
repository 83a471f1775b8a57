import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../api/client.ts';
import { failure, json, stubFetch } from '../../test/fake-backend.ts';
import { forwarderUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStorageKey } from './session-storage.ts';

describe('session invalid on any call (access spec §4 "Session", §8)', () => {
  it('shows one alert for many concurrent 401s through the Feathers client (issue 10 item 2)', async () => {
    const backend = stubFetch({
      'GET /api/releases': () => failure(401, 'session_invalid'),
      'GET /api/drivers': () => failure(401, 'session_invalid'),
      'GET /api/barges': () => failure(401, 'not_authenticated'),
    });
    const app = renderApp({ path: '/releases', user: forwarderUser });
    await screen.findByTestId('releases-page');

    await act(() =>
      Promise.allSettled([
        api.service('releases').find(),
        api.service('drivers').find(),
        api.service('barges').find(),
      ]),
    );

    expect(backend.requests.every((r) => r.authorization?.startsWith('Bearer '))).toBe(true);
    expect(await screen.findAllByTestId('session-expired-dialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Your session has expired or is invalid. Please log in again.',
    );
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();

    await app.events.click(screen.getByTestId('session-expired-close'));
    expect(app.deps.redirect).toHaveBeenCalledWith('/');
  });

  it('leaves a public call refused with 401 alone when nobody is signed in', async () => {
    stubFetch({ 'GET /api/app-info': () => failure(401, 'not_authenticated') });
    renderApp({ path: '/login' });
    await screen.findByTestId('login-frame');
    await act(() =>
      api
        .service('app-info')
        .find()
        .catch(() => undefined),
    );
    expect(screen.queryByTestId('session-expired-dialog')).toBeNull();
  });

  it('sends the bearer token with calls that succeed, and no alert', async () => {
    const backend = stubFetch({ 'GET /api/releases': () => json({ data: [] }) });
    renderApp({ path: '/releases', user: forwarderUser });
    await screen.findByTestId('releases-page');
    await act(() => api.service('releases').find());
    expect(backend.requests[0]?.authorization).toMatch(/^Bearer ey/);
    expect(screen.queryByTestId('session-expired-dialog')).toBeNull();
  });
});
