import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { localePart, type LocalePart } from '../i18n/locale-parts.ts';

const partRequest = /[\\/]locales[\\/][a-z]{2}\.json\?part=(core|features)$/;

/**
 * Build- and test-time only (vite.config.ts, vitest.config.ts), never bundled: answers
 * `locales/en.json?part=core` (or `features`) with a module of that part of the locale (issue 15;
 * `i18n/locale-parts.ts`).
 */
export function localeParts(): Plugin {
  return {
    name: 'scr-locale-parts',
    enforce: 'pre',
    async load(id) {
      const match = partRequest.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const strings = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(localePart(strings, match[1] as LocalePart))};`;
    },
  };
}
