import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.ts';

const directives = (csp: string) =>
  new Map(
    csp.split('; ').map((part) => {
      const [name = '', ...sources] = part.split(' ');
      return [name, sources] as const;
    }),
  );

describe('issue 9 §5: the Content-Security-Policy', () => {
  const base = {
    publicUrl: 'https://portal.example',
    chatScriptUrl: null,
    analyticsScriptUrl: null,
  };

  it('allows scripts only from the portal itself: no inline script, no eval', () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Only the portal frames its pages: the help drawer shows public/help/{lang}/.
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    // MUI's emotion injects <style> elements.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('lets the browser reach any https on-premise wallet, and plain http only on loopback', () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https:',
      'http://localhost:*',
      'http://127.0.0.1:*',
      'http://[::1]:*',
    ]);
    const overHttp = directives(
      contentSecurityPolicy({ ...base, publicUrl: 'http://portal.internal:3030' }),
    );
    expect(overHttp.get('connect-src')).toEqual(["'self'", 'https:', 'http:']);
  });

  it('allows the configured chat and analytics origins, once each, and nothing of their paths', () => {
    const csp = directives(
      contentSecurityPolicy({
        ...base,
        chatScriptUrl: 'https://chat.example.com/widget/w.js?id=1',
        analyticsScriptUrl: 'https://chat.example.com/a.js',
      }),
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://chat.example.com']);
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://chat.example.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://chat.example.com']);
  });
});
