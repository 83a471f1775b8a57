import { Session, type Profiler } from 'node:inspector/promises';

/**
 * Samples this process's CPU (the portal, its cloud wallet and the bench share one thread)
 * while `operation` runs, and answers its result with the functions that took the most time
 * of their own, one line each, grouped by function and file.
 */
export async function profileCpu<T>(
  operation: () => Promise<T>,
  limit = 15,
): Promise<{ result: T; lines: string[] }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const result = await operation();
    const { profile } = await session.post('Profiler.stop');
    return { result, lines: selfTimes(profile, limit) };
  } finally {
    session.disconnect();
  }
}

type ProfileNode = Profiler.ProfileNode;

/** A frame's file, shortened: a dependency from its package name, our code from the repository. */
function fileOf(node: ProfileNode): string {
  return node.callFrame.url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(packages|bench)\//, '$1/');
}

/** Our own code: the workspace packages and the bench. */
const isOurs = (file: string) => /^(packages|bench)\//.test(file);

function nameOf(node: ProfileNode): string {
  const file = fileOf(node);
  const name = node.callFrame.functionName || `(${file ? 'anonymous' : 'native'})`;
  return file ? `${name} ${file}` : name;
}

function selfTimes(profile: Profiler.Profile, limit: number): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node);
  }
  const samples = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    samples.set(id, (samples.get(id) ?? 0) + (deltas[i] ?? 0));
  });
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  const ours = new Map<string, number>();
  const add = (totals: Map<string, number>, key: string, micros: number) =>
    totals.set(key, (totals.get(key) ?? 0) + micros);
  let all = 0;
  for (const [id, micros] of samples) {
    const node = byNode.get(id)!;
    // The inspector's own frame (starting and stopping the profiler): not the operation's time.
    if (node.callFrame.functionName === 'dispatch' && !node.callFrame.url) continue;
    const file = fileOf(node);
    const name = nameOf(node);
    // A dependency by its name, our own code by package; the rest (GC, idle, native) as is.
    const owner = file
      ? (/^(packages\/[^/]+|bench|@[^/]+\/[^/]+|[^/]+)/.exec(file)?.[1] ?? file)
      : name;
    add(functions, name, micros);
    add(packages, owner, micros);
    // The nearest function of our own on the stack, with the library code it called.
    let caller: ProfileNode | undefined = node;
    while (caller && !isOurs(fileOf(caller))) caller = parentOf.get(caller.id);
    add(ours, caller ? nameOf(caller) : file ? 'outside our code' : name, micros);
    all += micros;
  }
  const lines = (totals: Map<string, number>, count: number) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, micros]) =>
          `${(micros / 1000).toFixed(1).padStart(7)} ms ${((micros / all) * 100).toFixed(0).padStart(3)}%  ${name}`,
      );
  return [
    `by package (${(all / 1000).toFixed(0)} ms sampled):`,
    ...lines(packages, 8),
    'by our function nearest on the stack (with the libraries it calls):',
    ...lines(ours, limit),
    'by function (self time):',
    ...lines(functions, 8),
  ];
}
