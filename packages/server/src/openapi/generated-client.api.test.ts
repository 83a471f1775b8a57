import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../test/start-app.ts';

/*
 * A client generated from the live document, as an integrator makes one: openapi-typescript
 * writes the document's types and openapi-fetch types the calls with them. The TypeScript
 * compiler then takes a create the server takes and refuses one the server refuses (releases
 * spec §3 "Create payload", §5: a container number is required).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.stop());

/**
 * The files, beside this test for module resolution only (openapi-fetch is found in the
 * repository's node_modules): they are never written to disk.
 */
const folder = dirname(fileURLToPath(import.meta.url));
const virtualFile = (name: string) => join(folder, `generated-${name}.virtual.ts`);

/**
 * Each client compiled against the generated types, in one program: per client, its
 * diagnostics as `{where}: {message}` (where: the text the compiler points at).
 */
function compile(types: string, clients: Record<string, string>): Record<string, string[]> {
  const virtual = new Map([
    [virtualFile('api'), types],
    ...Object.entries(clients).map(([name, text]) => [virtualFile(name), text] as const),
  ]);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const text = virtual.get(name);
    return text === undefined
      ? getSourceFile.call(host, name, language, ...rest)
      : ts.createSourceFile(name, text, language);
  };
  const program = ts.createProgram(Object.keys(clients).map(virtualFile), options, host);
  const found: Record<string, string[]> = Object.fromEntries(
    Object.keys(clients).map((name) => [name, []]),
  );
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name = Object.keys(clients).find((key) => diagnostic.file?.fileName === virtualFile(key));
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const start = diagnostic.start ?? 0;
    const at = diagnostic.file?.text.slice(start, start + (diagnostic.length ?? 0));
    (found[name ?? 'elsewhere'] ??= []).push(`${at}: ${message}`);
  }
  return found;
}

const client = (container: string) => `
import createClient from 'openapi-fetch';
import type { paths } from './generated-api.virtual';

const api = createClient<paths>({ baseUrl: 'http://localhost:3030/api' });

export async function createRelease() {
  const { data, error } = await api.POST('/releases', {
    body: { billOfLading: { blNumber: 'SOLANR2612001' }, container: ${container} },
  });
  return error ? error.data : data;
}
`;

describe('releases spec §3, §5: a client generated from the document refuses what the server refuses', () => {
  it('compiles a complete create with openapi-fetch, and fails to compile one without containerNumber', async () => {
    const document = await (await fetch(`${server.baseUrl}/api/openapi.json`)).text();
    const types = astToString(await openapiTS(document));
    expect(types).toContain('ReleaseCreate');

    const diagnostics = compile(types, {
      complete: client(
        `{ containerNumber: 'MSCU1234566', pickupLocation: '1742', validFrom: null }`,
      ),
      withoutContainerNumber: client(`{ pickupLocation: '1742' }`),
      // Null where the server takes no null: a pick-up location must be there.
      nullLocation: client(`{ containerNumber: 'MSCU1234566', pickupLocation: null }`),
    });
    expect(diagnostics.complete).toEqual([]);
    expect(diagnostics.withoutContainerNumber).toHaveLength(1);
    expect(diagnostics.withoutContainerNumber![0]).toMatch(
      /^container: .*Property 'containerNumber' is missing/s,
    );
    expect(diagnostics.nullLocation).toEqual([
      "pickupLocation: Type 'null' is not assignable to type 'string'.",
    ]);
    expect(diagnostics.elsewhere).toBeUndefined();
  });
});
