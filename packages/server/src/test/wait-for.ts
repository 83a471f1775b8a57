/**
 * Polls `check` until it returns true; tests wait for states this way, never for fixed times.
 * Throws with `what` when the state is not reached within `timeoutMs`; an error thrown by
 * `check` ends the wait at once.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** The status of `GET {baseUrl}/health`, or 0 when nothing answers. */
export async function healthStatus(baseUrl: string, timeoutMs = 5_000): Promise<number> {
  try {
    const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
