import { useEffect, useState } from 'react';

/** Access spec §9 "terminal search debounce 500 ms". */
export const terminalSearchDebounceMs = 500;

/** The value once it has stayed the same for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
