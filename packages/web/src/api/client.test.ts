import { servicePaths } from '@scr/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpReleasesApi } from '../features/releases/api/releases-api.ts';
import {
  overviewSearchParams,
  type OverviewQuery,
} from '../features/releases/api/overview-query.ts';
import { failure, json, offline, stubFetch } from '../test/fake-backend.ts';
import { api } from './client.ts';
import { HttpError, NetworkError, queryString } from './http.ts';
import { bindSession, type SessionBinding } from './session-binding.ts';

let unbind: (() => void) | null = null;

function signedIn(token: string | null = 'ey.token'): SessionBinding {
  const binding: SessionBinding = {
    freshToken: vi.fn(() => Promise.resolve(token)),
    unauthorized: vi.fn(),
  };
  unbind = bindSession(binding);
  return binding;
}

beforeEach(() => {
  unbind = null;
});

afterEach(() => {
  unbind?.();
  vi.unstubAllGlobals();
});

describe('issue 10 item 2: the web calls the API one way, the Feathers client', () => {
  it('keeps a refused answer as an HttpError with data.code, key and fields', async () => {
    signedIn();
    stubFetch({
      'PATCH /api/users/7': () =>
        json(
          {
            name: 'BadRequest',
            message: 'Invalid e-mail',
            code: 400,
            data: {
              code: 'validation_failed',
              key: 'backend.error.validation_failed',
              fields: { email: 'validation.email' },
            },
          },
          400,
        ),
    });
    const error: unknown = await api
      .service(servicePaths.users)
      .patch(7, { email: 'x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid e-mail',
      data: { key: 'backend.error.validation_failed', fields: { email: 'validation.email' } },
    });
  });

  it('answers a call that never reached the server with a NetworkError', async () => {
    signedIn();
    stubFetch({ 'GET /api/preferences': () => offline() });
    const error: unknown = await api
      .service(servicePaths.preferences)
      .find()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('sends the session token on portal calls, none on the public ones', async () => {
    signedIn('ey.abc');
    const backend = stubFetch({
      'GET /api/terminals': () => json([]),
      'GET /api/app-info': () => json({}),
    });
    await api.service(servicePaths.terminals).find();
    await api.service(servicePaths.appInfo).find();
    expect(backend.called('GET /api/terminals')[0]?.authorization).toBe('Bearer ey.abc');
    expect(backend.called('GET /api/app-info')[0]?.authorization).toBeNull();
  });

  it('refuses a portal call without a token before sending it, and ends the session', async () => {
    const session = signedIn(null);
    const backend = stubFetch({});
    const error: unknown = await api
      .service(servicePaths.releases)
      .find()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, code: 'not_authenticated' });
    expect(backend.requests).toHaveLength(0);
    expect(session.unauthorized).toHaveBeenCalledTimes(1);
  });

  it('writes lists as repeated keys, so more than 20 addresses stay a list for qs', async () => {
    signedIn();
    const addresses = Array.from({ length: 25 }, (_, index) => `0x${index}`);
    const backend = stubFetch({ 'DELETE /api/releases': () => json([]) });
    await httpReleasesApi.deleteReleases(addresses);
    const url = backend.called('DELETE /api/releases')[0]!.url;
    expect(url.searchParams.getAll('address[$in]')).toEqual(addresses);
    expect(queryString({ $sort: { name: -1 }, a: [1, 2] })).toBe('%24sort%5Bname%5D=-1&a=1&a=2');
  });

  it('sends the overview query, one release edit and the BL terms as before', async () => {
    signedIn();
    const backend = stubFetch({
      'GET /api/containers': () => json({ total: 0, limit: 10, skip: 0, data: [] }),
      'PATCH /api/releases/0xr%2F1': () => json({ address: '0xr/1' }),
      'POST /api/bills-of-lading/terms/SOLU%2F1': () => json({ data: { html: '<p>t</p>' } }),
    });
    const query: OverviewQuery = {
      search: 'msku',
      filter: { vessel: 'Star' },
      limit: 10,
      skip: 0,
      sort: [{ id: 'validUntil', desc: true }],
    };
    await httpReleasesApi.findContainers(query, 'SOLU1');
    const sent = backend.called('GET /api/containers')[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toEqual(
      Object.fromEntries(overviewSearchParams(query, { blNumber: 'SOLU1' })),
    );

    await httpReleasesApi.editReleases(['0xr/1'], { vessel: 'Other' }, 3);
    expect(backend.called('PATCH /api/releases/0xr%2F1')[0]?.body).toEqual({
      vessel: 'Other',
      version: 3,
    });
    expect(await httpReleasesApi.fetchTerms('SOLU/1')).toBe('<p>t</p>');
  });

  it('keeps the error mapping of a refused release call (failure helper of the web tests)', async () => {
    signedIn();
    stubFetch({ 'POST /api/releases': () => failure(409, 'already_exists') });
    const error: unknown = await httpReleasesApi
      .createRelease({} as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, code: 'already_exists' });
  });
});
