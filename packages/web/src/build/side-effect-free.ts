import type { Plugin } from 'vite';

/**
 * Build-time only (vite.config.ts), never bundled. Packages that declare no `sideEffects` but
 * have none, named here, are marked side-effect free, so that an import of them for effect
 * alone is dropped: Emotion imports `hoist-non-react-statics` (with its own copy of `react-is`)
 * that way, for its `withTheme`, which the portal never uses; about 1 kB compressed of the login
 * page's first download (its budget: bench/README.md, "The web app in Chromium").
 */
const sideEffectFree = new Set(['hoist-non-react-statics']);

export function sideEffectFreePackages(): Plugin {
  return {
    name: 'scr-side-effect-free-packages',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!sideEffectFree.has(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, moduleSideEffects: false };
    },
  };
}
