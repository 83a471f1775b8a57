import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Build-time only (vite.config.ts), never bundled into the app: writes `name.br` and `name.gz`
 * beside every text file of the build, which the server sends as they are to browsers that accept
 * them (issue 9 §5: 1.6 MB of scripts went uncompressed on first load). Done once at build time
 * at the highest levels, rather than on every request at fast ones.
 */

/** Text formats worth compressing; images and fonts are compressed already. */
const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml']);

/** Below this, the saving does not pay for the extra request header and file. */
export const minPrecompressBytes = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressOptions {
  /**
   * Files (paths relative to the folder, with `/`) whose `.gz` twin is written by Zopfli: the
   * same gzip format, about 4 % smaller, at some seconds of build time for each large file.
   */
  zopfli?: ReadonlySet<string>;
}

/**
 * The scripts and styles `index.html` names (its entry and the preloads): what every first
 * visit downloads before the login page shows, as paths relative to the build's folder.
 */
export function firstDownload(indexHtml: string): Set<string> {
  const named = indexHtml.matchAll(/\b(?:src|href)="\/([^"]+\.(?:js|css))"/g);
  return new Set([...named].map((match) => match[1]!));
}

/** Writes the `.br` and `.gz` twins of the folder's compressible files; answers their paths. */
export async function precompressFolder(
  folder: string,
  options: PrecompressOptions = {},
): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const written: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !compressible.has(extname(entry.name).toLowerCase())) continue;
    const file = join(entry.parentPath, entry.name);
    const content = await readFile(file);
    if (content.length < minPrecompressBytes) continue;
    const twins: [string, Buffer][] = [
      [
        '.br',
        await brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ],
      [
        '.gz',
        options.zopfli?.has(relative(folder, file).split(sep).join('/'))
          ? Buffer.from(await zopfliGzip(content, { numiterations: 1 }))
          : await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ],
    ];
    for (const [suffix, compressed] of twins) {
      // A twin that saves nothing is left out: the server then sends the file itself.
      if (compressed.length >= content.length) continue;
      await writeFile(file + suffix, compressed);
      written.push(file + suffix);
    }
  }
  return written;
}

/**
 * The Vite plugin: precompresses the output folder once the build (public files too) is done.
 * The first download's gzip twins are Zopfli's (the login page's budget, bench/README.md, is
 * counted in gzip); the rest stay zlib's, whose best level is fast enough for all of them.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'scr-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const indexHtml = await readFile(join(outDir, 'index.html'), 'utf8').catch(() => '');
      await precompressFolder(outDir, { zopfli: firstDownload(indexHtml) });
    },
  };
}
