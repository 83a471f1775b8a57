import { readFileSync } from 'node:fs';

/** The portal's version: the root package.json's, which releases bump. */
export const portalVersion: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
