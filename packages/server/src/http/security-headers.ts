import type { Middleware } from '@feathersjs/koa';
import type { Config } from '../config.ts';

/** HSTS: a year, for this host and its subdomains; never sent over plain HTTP. */
const hstsValue = 'max-age=31536000; includeSubDomains';

type CspConfig = Pick<Config, 'publicUrl' | 'chatScriptUrl' | 'analyticsScriptUrl'>;

/**
 * The Content-Security-Policy of every answer (issue 9 §5). Scripts come only from the portal's
 * own origin (Vite's build has no inline script) plus the origins of the chat and analytics
 * scripts an installation configures, which also get styles, images, fonts and frames for their
 * widgets. Styles allow inline: MUI (emotion) injects `<style>` elements at run time.
 *
 * `connect-src` has to reach every organisation's on-premise ID wallet, an https (or http) origin
 * registered per organisation and only known once the user typed an e-mail. Listing them in the
 * policy would publish every customer's wallet host to anonymous visitors and go stale when an
 * admin registers a new one, so it allows any https origin instead; plain http only where the
 * browser would let the page use it anyway: everywhere when the portal itself runs on http, else
 * the loopback addresses (a wallet on the user's own machine). The portal's own origin, `'self'`,
 * covers socket.io's ws:/wss: and the cloud wallet at /wallet.
 */
export function contentSecurityPolicy(config: CspConfig): string {
  const thirdParty = [config.chatScriptUrl, config.analyticsScriptUrl]
    .filter((url): url is string => url !== null)
    .map((url) => new URL(url).origin);
  const extra = [...new Set(thirdParty)];
  const plainHttp = config.publicUrl.startsWith('http:')
    ? ['http:']
    : ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...extra],
    'style-src': ["'self'", "'unsafe-inline'", ...extra],
    'img-src': ["'self'", 'data:', 'blob:', ...extra],
    'font-src': ["'self'", 'data:', ...extra],
    'connect-src': ["'self'", 'https:', ...plainHttp],
    // The help drawer frames the portal's own help pages (public/help/{lang}/).
    'frame-src': ["'self'", ...extra],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    // Only the portal may frame its pages (the help drawer); no other site can.
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Sets the browser-facing security headers on every answer, before anything downstream runs, so
 * the web app, the API, error answers and the cloud wallet (which writes its own response) all
 * carry them. HSTS goes out when the request came over HTTPS (directly, or through a trusted proxy)
 * or when PUBLIC_URL says users reach the portal over HTTPS; browsers ignore it over plain HTTP.
 */
export function securityHeaders(config: CspConfig): Middleware {
  const csp = contentSecurityPolicy(config);
  const publicHttps = config.publicUrl.startsWith('https:');
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (publicHttps || ctx.secure) ctx.set('Strict-Transport-Security', hstsValue);
    await next();
  };
}
