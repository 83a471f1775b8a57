import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';
import type { DocumentTypeDefinition } from '@scr/domain';

/**
 * What the generated code would load from ajv's packages, and what it uses instead: the domain's
 * `isIsoDate` for the `date` format and `ucs2length` for text lengths, as the server's ajv.
 */
const runtime: [required: string, instead: string][] = [
  ['require("ajv-formats/dist/formats").fullFormats.date', '{ validate: isIsoDate }'],
  ['require("ajv/dist/runtime/ucs2length").default', 'ucs2length'],
];

/**
 * The source of a document type's precompiled validators (react-jsonschema-form's
 * `compileSchemaValidatorsCode`, ajv's standalone code) as an ES module exporting
 * `validateFns`. The portal's Content-Security-Policy forbids `eval`, so the browser cannot
 * compile a schema at run time; these modules are generated from the domain's schemas and
 * checked in (`validators.test.ts` fails when one is stale, `UPDATE_VALIDATORS=1` rewrites it).
 */
export function validatorModuleSource(type: DocumentTypeDefinition): string {
  const cjs = compileSchemaValidatorsCode(type.schema as RJSFSchema, {
    ajvOptionsOverrides: { code: { lines: false, source: true } },
  });
  const exported = [...cjs.matchAll(/exports\["([^"]+)"\] = (\w+);/g)].map(
    ([, id, name]) => `  ${JSON.stringify(id)}: ${name},`,
  );
  const body = runtime.reduce(
    (code, [required, instead]) => code.replaceAll(required, instead),
    cjs.replace('"use strict";', '').replace(/exports\["[^"]+"\] = \w+;/g, ''),
  );
  if (body.includes('require('))
    throw new Error(`${type.id}: the validators need a runtime module`);
  return [
    `// Generated from the domain's "${type.id}" document type by validator-source.ts. Do not edit:`,
    '// run UPDATE_VALIDATORS=1 npx vitest run --project web src/features/documents/validators',
    '/* eslint-disable */',
    '// @ts-nocheck',
    "import { isIsoDate, ucs2length } from '@scr/domain';",
    body,
    `export const validateFns = {\n${exported.join('\n')}\n};`,
    '',
  ].join('\n');
}
