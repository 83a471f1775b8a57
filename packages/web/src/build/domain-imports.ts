import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Build-time only (vite.config.ts), never bundled. Issue 15: every page imports its rules from
 * `@scr/domain`, whose index re-exports every module, so the bundler saw every rule as needed by
 * the login page and put them all in its first download. This plugin rewrites, in the web's own
 * sources, `import { a, b } from '@scr/domain'` to imports from the modules that define `a` and
 * `b` (what Next.js's `optimizePackageImports` does for barrel packages): each page's chunk then
 * carries the rules it uses. A name it cannot place stays on the index import, so nothing breaks
 * when domain grows.
 */

const reExport = /^export\s+\*\s+from\s+['"](\.[^'"]+)['"]/gm;
const valueExport =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([A-Za-z_$][\w$]*)/gm;
const localExportList = /^export\s+\{([^}]*)\}\s*;?\s*$/gm;

/** Every value name the barrel at `index` exports, with the file that defines it. */
export function domainExportMap(
  index: string,
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): Map<string, string> {
  const map = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = read(file);
    for (const [, name] of text.matchAll(valueExport)) if (!map.has(name!)) map.set(name!, file);
    for (const [, list] of text.matchAll(localExportList)) {
      for (const item of list!.split(',')) {
        const name = item
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop();
        if (name && !item.trim().startsWith('type ') && !map.has(name)) map.set(name, file);
      }
    }
    for (const [, target] of text.matchAll(reExport)) visit(resolve(dirname(file), target!));
  };
  visit(index);
  return map;
}

const domainImport = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@scr\/domain['"]\s*;?/g;

/** The source with its value imports of `@scr/domain` pointing at the defining modules. */
export function rewriteDomainImports(source: string, exportsOf: Map<string, string>): string {
  return source.replace(domainImport, (whole, typeOnly: string | undefined, list: string) => {
    if (typeOnly) return whole;
    const byFile = new Map<string, string[]>();
    const rest: string[] = [];
    for (const raw of list.split(',')) {
      const item = raw.trim();
      if (!item) continue;
      if (item.startsWith('type ')) {
        rest.push(item);
        continue;
      }
      const file = exportsOf.get(item.split(/\s+as\s+/)[0]!);
      if (!file) rest.push(item);
      else byFile.set(file, [...(byFile.get(file) ?? []), item]);
    }
    const lines = [...byFile].map(
      ([file, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(file)};`,
    );
    if (rest.length > 0) lines.push(`import { ${rest.join(', ')} } from '@scr/domain';`);
    return lines.join(' ');
  });
}

/** The Vite plugin, for the production build of the web's sources. */
export function domainImports(domainIndex: string): Plugin {
  let exportsOf: Map<string, string> | null = null;
  return {
    name: 'scr-domain-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      exportsOf = domainExportMap(domainIndex);
    },
    transform(code, id) {
      if (!exportsOf || id.includes('node_modules') || !/\.tsx?$/.test(id)) return null;
      if (!code.includes('@scr/domain')) return null;
      const rewritten = rewriteDomainImports(code, exportsOf);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
