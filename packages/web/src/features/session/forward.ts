/** Where a visitor lands after sign-in when nothing else was asked for. */
export const defaultForward = '/releases';

/** Paths that must never be a forward target: following them would loop. */
const loopingPaths = ['/loading', '/login', '/logged-out', '/two-factor'];

/**
 * The `fwd` parameter, kept only when it is a path on this site. Anything else (another
 * origin, `//host`, a `javascript:` URL) would turn the portal into an open redirect.
 */
export function safeForward(fwd: string | null | undefined): string | null {
  if (!fwd || !fwd.startsWith('/') || fwd.startsWith('//') || fwd.startsWith('/\\')) return null;
  const path = fwd.split(/[?#]/)[0] ?? '';
  return loopingPaths.some((loop) => path === loop || path.startsWith(`${loop}/`)) ? null : fwd;
}

/** Access spec §2: an unauthenticated request for a protected route goes to /loading?fwd=…. */
export function loadingPathFor(location: { pathname: string; search: string }): string {
  return `/loading?fwd=${encodeURIComponent(location.pathname + location.search)}`;
}

/** The sign-in page, carrying the forward target along when there is one. */
export function loginPathFor(fwd: string | null): string {
  return fwd ? `/login?fwd=${encodeURIComponent(fwd)}` : '/login';
}
