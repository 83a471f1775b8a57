import { useEffect, useState } from 'react';

/**
 * Settles once the browser is idle (its start-up work done: the page's first render, its first
 * answers), at the latest after `timeoutMs`. Work that can wait (the live socket, the
 * dashboard's charts) starts then, so that it does not lengthen the page's first tasks
 * (Lighthouse's total blocking time, bench/README.md "The web app in Chromium").
 */
export function whenIdle(timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    } else setTimeout(resolve, 1);
  });
}

/** False until the browser has been idle once since the component mounted (`whenIdle`). */
export function useIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let current = true;
    void whenIdle(timeoutMs).then(() => current && setIdle(true));
    return () => {
      current = false;
    };
  }, [timeoutMs]);
  return idle;
}
