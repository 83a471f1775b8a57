import { describe, expect, it } from 'vitest';
import { loadingPathFor, loginPathFor, safeForward } from './forward.ts';

describe('safeForward', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeForward('/releases?bl=ABC123')).toBe('/releases?bl=ABC123');
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %s, which would leave the site',
    (fwd) => expect(safeForward(fwd)).toBeNull(),
  );

  it.each(['/loading?fwd=%2F', '/login', '/logged-out'])('refuses %s, which would loop', (fwd) =>
    expect(safeForward(fwd)).toBeNull(),
  );

  it('treats a missing or empty value as none', () => {
    expect(safeForward(null)).toBeNull();
    expect(safeForward('')).toBeNull();
  });
});

describe('loadingPathFor and loginPathFor', () => {
  it('encodes the original path and query into fwd', () => {
    expect(loadingPathFor({ pathname: '/releases', search: '?page=2&q=a b' })).toBe(
      '/loading?fwd=%2Freleases%3Fpage%3D2%26q%3Da%20b',
    );
  });

  it('carries fwd to the login page only when there is one', () => {
    expect(loginPathFor('/releases')).toBe('/login?fwd=%2Freleases');
    expect(loginPathFor(null)).toBe('/login');
  });
});
