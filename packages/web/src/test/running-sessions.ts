const running: Array<() => void> = [];

/** Remembers how to stop a test's session (its refresh timer and API binding). */
export function trackSession(stop: () => void) {
  running.push(stop);
}

/** Stops the sessions of the tests that ran. */
export function stopSessions() {
  while (running.length) running.pop()?.();
}
