import createCache, { type EmotionCache } from '@emotion/cache';

const caches: EmotionCache[] = [];

/**
 * The style sheet of one rendered app, emptied when its test ends (issue 10 §7).
 *
 * A worker's files share one jsdom (`isolate: false`). With emotion's default cache every rule
 * MUI ever inserted stayed in `<head>`, one `<style>` each: about 2,900 by a worker's last
 * file. Every `getComputedStyle` (visibility checks, user-event's pointer-events check) and
 * every `querySelector` that MUI and emotion run while rendering walked all of them. The rules
 * go in with `insertRule`, as emotion's production build does, and leave with the test.
 */
export function testStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css', speedy: true });
  caches.push(cache);
  return cache;
}

/** Removes the styles of the apps the test rendered (after they unmounted). */
export function removeTestStyles() {
  while (caches.length) caches.pop()?.sheet.flush();
}
