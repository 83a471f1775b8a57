import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  firstDownload,
  minPrecompressBytes,
  precompress,
  precompressFolder,
} from './precompress.ts';

describe('issue 9 §5: compressed static files, written at build time', () => {
  let dist: string;
  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), 'scr-precompress-'));
    mkdirSync(join(dist, 'assets'));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const script = 'export const greeting = "hello";\n'.repeat(200);

  it('writes .br and .gz twins that decompress to the very file', async () => {
    writeFileSync(join(dist, 'assets', 'index-abc.js'), script);
    writeFileSync(join(dist, 'assets', 'index-abc.css'), 'body{margin:0}\n'.repeat(200));
    writeFileSync(join(dist, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    const written = await precompressFolder(dist);
    expect(written).toHaveLength(6);
    const file = join(dist, 'assets', 'index-abc.js');
    const br = readFileSync(`${file}.br`);
    const gz = readFileSync(`${file}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
  });

  it('leaves out small files, binary formats and twins that would not be smaller', async () => {
    writeFileSync(join(dist, 'assets', 'tiny.js'), 'x'.repeat(minPrecompressBytes - 1));
    writeFileSync(join(dist, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
    // Random bytes do not compress: neither twin is written.
    const noise = randomBytes(4096);
    writeFileSync(join(dist, 'assets', 'noise.svg'), noise);
    const written = await precompressFolder(dist);
    expect(written).toEqual([]);
    expect(existsSync(join(dist, 'assets', 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'noise.svg.gz'))).toBe(false);
  });

  it('runs as a Vite plugin after the build, on the resolved output folder', async () => {
    writeFileSync(join(dist, 'assets', 'main-abc.js'), script);
    const plugin = precompress();
    expect(plugin.apply).toBe('build');
    const configResolved = plugin.configResolved as (config: unknown) => void;
    configResolved({ root: dist, build: { outDir: '.' } });
    await (plugin.closeBundle as () => Promise<void>)();
    expect(existsSync(join(dist, 'assets', 'main-abc.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'main-abc.js.gz'))).toBe(true);
  });

  it('names the first download, the entry and the preloads of index.html', () => {
    const html = `<script type="module" crossorigin src="/assets/index-a1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
      <link rel="stylesheet" href="/assets/index-c3.css">
      <link rel="icon" type="image/svg+xml" href="/favicon.svg" />`;
    expect(firstDownload(html)).toEqual(
      new Set(['assets/index-a1.js', 'assets/react-b2.js', 'assets/index-c3.css']),
    );
  });

  it('gives the first download Zopfli gzip twins: the very file, and smaller', async () => {
    // Text of many short repeats at varying distances, where Zopfli finds better matches.
    const words = ['release', 'container', 'carrier', 'forwarder', 'pincode', 'terminal'];
    const text = Array.from({ length: 4000 }, (_, i) => words[(i * 7) % 6]! + ((i * 13) % 97))
      .join(' ')
      .repeat(2);
    writeFileSync(join(dist, 'assets', 'index-abc.js'), text);
    writeFileSync(join(dist, 'assets', 'lazy-abc.js'), text);
    await precompressFolder(dist, { zopfli: new Set(['assets/index-abc.js']) });
    const first = readFileSync(join(dist, 'assets', 'index-abc.js.gz'));
    const lazy = readFileSync(join(dist, 'assets', 'lazy-abc.js.gz'));
    expect(gunzipSync(first).toString()).toBe(text);
    const zlibBest = gzipSync(text, { level: constants.Z_BEST_COMPRESSION });
    expect(lazy.equals(zlibBest)).toBe(true);
    expect(first.length).toBeLessThan(zlibBest.length);
  });
});
