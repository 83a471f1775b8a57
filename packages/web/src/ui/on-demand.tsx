import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code is downloaded when it is first rendered (inside a `Suspense`), so that
 * it stays out of the login page's first download; once downloaded, a new mount renders it at
 * once, without suspending. `preload` downloads it ahead (the web tests do, once per worker).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function OnDemand(props: P) {
    // Chosen once per mount, so that the component is never swapped (and reset) under the user.
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(OnDemand, { preload });
}
