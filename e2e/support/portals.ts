/**
 * Issue 10 §7: the journeys run on several Playwright workers, each against a portal of its own
 * (its own process, port and embedded database, each loaded with the demo world), so one worker's
 * changes never reach another's live notices or overviews. Worker slot `i` (Playwright's
 * `parallelIndex`) uses the portal on `firstPortalPort + i`.
 */
export const portalCount = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export const firstPortalPort = Number(process.env.E2E_PORT ?? 3199);

export function portalUrl(slot: number): string {
  return `http://127.0.0.1:${firstPortalPort + slot}`;
}

/** `serve-portals.ts` answers 200 here once every portal does. */
export const portalsHealthPort = firstPortalPort - 1;
export const portalsHealthUrl = `http://127.0.0.1:${portalsHealthPort}/health`;
