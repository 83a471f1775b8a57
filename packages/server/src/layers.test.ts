import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's floors (ARCHITECTURE.md "server"): the relative imports of every server module,
 * type-only ones included, read from the sources.
 */
const root = dirname(fileURLToPath(import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.mts') ? [path] : [];
  });
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)].flatMap(([, spec]) => {
    const target = resolve(dirname(file), spec!);
    try {
      return statSync(target).isFile() ? [relative(root, target)] : [];
    } catch {
      return [];
    }
  });
}

const graph = new Map(sources(root).map((file) => [relative(root, file), importsOf(file)]));

/** Every import loop, each as the files of one strongly connected component (Tarjan). */
function loops(): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (file: string) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!indexOf.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, indexOf.get(next)!));
      }
    }
    if (low.get(file) === indexOf.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return found;
}

const importing = (from: RegExp, to: RegExp) =>
  [...graph].flatMap(([file, targets]) =>
    from.test(file) ? targets.filter((t) => to.test(t)).map((t) => `${file} → ${t}`) : [],
  );

describe('issue 10 §3: the server’s lower floors straight', () => {
  it('reads the imports it checks (the test itself would pass on an empty graph otherwise)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('app.ts')).toContain('db/bootstrap.ts');
  });

  it('has no upward imports from releases/, overview/, ledger/, kit/ or db/ into services/', () => {
    expect(importing(/^(releases|overview|ledger|kit|db)\//, /^services\//)).toEqual([]);
  });

  it('keeps the database floor free of the demo world (app.ts hands the loader in)', () => {
    expect(importing(/^db\//, /^demo\//)).toEqual([]);
  });

  it('has no import loops, type-only imports included', () => {
    expect(loops()).toEqual([]);
  });
});
