/**
 * A window 390 px wide for MUI's `useMediaQuery` (jsdom has no `matchMedia`): answers the
 * `min-width` and `max-width` parts of a query as a phone's window would. `asPhone()` installs
 * it and answers the function that takes it away again.
 */
export function asPhone(width = 390): () => void {
  const had = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => mediaAt(width, query),
  });
  return () => {
    if (had) Object.defineProperty(window, 'matchMedia', had);
    else delete (window as { matchMedia?: unknown }).matchMedia;
  };
}

function mediaAt(width: number, query: string): MediaQueryList {
  const bound = (name: string) => {
    const found = new RegExp(`${name}:\\s*([\\d.]+)px`).exec(query);
    return found ? Number(found[1]) : null;
  };
  const min = bound('min-width');
  const max = bound('max-width');
  const matches = (min === null || width >= min) && (max === null || width <= max);
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}
