import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fake-backend.ts';
import { findUserByEmail, findUserByLoginLink } from './auth.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = {
  total: 1,
  isLimitedToOrgId: true,
  data: [
    {
      id: 7,
      email: 'ops@oceanline.example',
      organization: { name: 'Oceanline', address: '0xc0a2', role: 'carrier', walletUrl: null },
    },
  ],
};

describe('issue 9 §3: find-user is asked by e-mail or login link token, never by id', () => {
  it('sends the e-mail URL-encoded (access spec §7)', async () => {
    const api = stubFetch({ 'GET /api/find-user': () => json(answer) });
    await findUserByEmail('a+b@oceanline.example');
    const url = api.called('GET /api/find-user')[0]!.url;
    expect(url.searchParams.get('email')).toBe('a+b@oceanline.example');
    expect(url.searchParams.has('id')).toBe(false);
  });

  it('sends the login link token and answers its one user', async () => {
    const api = stubFetch({ 'GET /api/find-user': () => json(answer) });
    const token = 'Ab-_0123456789abcdefghijklmnopqrstuvwxyzABC';
    expect(await findUserByLoginLink(token)).toEqual(answer);
    const url = api.called('GET /api/find-user')[0]!.url;
    expect(url.searchParams.get('token')).toBe(token);
    expect(url.searchParams.has('id')).toBe(false);
  });
});
