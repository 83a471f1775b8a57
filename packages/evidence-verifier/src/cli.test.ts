import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main, usage } from './cli.ts';
import { server, testBundle } from './test-bundle.ts';

const dir = mkdtempSync(join(tmpdir(), 'scr-verify-evidence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the command in this process: its exit code and what it wrote. */
async function run(...args: string[]) {
  let out = '';
  let err = '';
  const code = await main(args, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

function file(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('scr-verify-evidence <bundle.json> (docs/ledger.md, "Evidence bundles")', () => {
  it('prints the story and VERIFIED, exit 0', async () => {
    const bundle = file('bundle.json', testBundle().text);
    const ran = await run(bundle, '--server', server.address);
    expect(ran.code).toBe(0);
    expect(ran.err).toBe('');
    expect(ran.out).toMatch(/^Evidence bundle of container MSKU1234565, exported /);
    expect(ran.out.trimEnd().split('\n').at(-1)).toBe(
      `VERIFIED: 1 release, 7 events and 7 signed statements; every hash, link, signature and inclusion proof holds, and the server ${server.address} signed the checkpoint and the bundle.`,
    );
    expect((await run(`--server=${server.address}`, bundle)).code).toBe(0);
  });

  it('prints NOT VERIFIED: <where>: <what> alone, exit 1', async () => {
    const broken = file('broken.json', testBundle().text.replace('"v": 1', '"v": 1,,'));
    const ran = await run(broken);
    expect(ran).toEqual({
      code: 1,
      out: expect.stringMatching(/^NOT VERIFIED: the bundle: it is not valid JSON at byte \d+ \(/),
      err: '',
    });
    expect(ran.out.split('\n')).toHaveLength(2);
  });

  it('answers exit 2 and the usage when used wrongly, or when the file cannot be read', async () => {
    expect(await run()).toMatchObject({ code: 2, err: expect.stringContaining(usage) });
    expect(await run('a.json', 'b.json')).toMatchObject({
      code: 2,
      err: expect.stringContaining('give exactly one bundle file'),
    });
    expect(await run('--colour', 'a.json')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown option --colour'),
    });
    expect(await run('a.json', '--server')).toMatchObject({ code: 2 });
    expect(await run(join(dir, 'missing.json'))).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^scr-verify-evidence: cannot read .*missing\.json: ENOENT/),
    });
    expect(await run('--help')).toEqual({ code: 0, out: usage, err: '' });
  });
});
