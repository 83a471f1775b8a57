import { documentTypes } from '@scr/domain';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validatorModuleSource } from './validator-source.ts';

const fileOf = (id: string) => join(dirname(fileURLToPath(import.meta.url)), `${id}.validators.ts`);

describe('the precompiled validators of the document forms (no eval under the CSP)', () => {
  it.each(documentTypes.map((type) => [type.id, type] as const))(
    '%s is generated from the domain schema as it is now',
    (id, type) => {
      const source = validatorModuleSource(type);
      if (process.env.UPDATE_VALIDATORS) writeFileSync(fileOf(id), source);
      expect(readFileSync(fileOf(id), 'utf8')).toBe(source);
      expect(source).not.toMatch(/\bnew Function\b|\beval\(/);
    },
  );
});
