/**
 * A user clicking about while something heavy runs: a simple GET (`path`) sent to each instance
 * every `everyMs`, whether or not the previous one has answered, so a blocked event loop shows
 * as the time its requests waited. `stop` waits for those in flight and answers each instance's
 * response times in milliseconds.
 */
export function startHttpProbe(baseUrls: readonly string[], path: string, everyMs = 20) {
  const samples = baseUrls.map(() => [] as number[]);
  const inFlight = new Set<Promise<void>>();
  let failures = 0;
  const timer = setInterval(() => {
    baseUrls.forEach((baseUrl, i) => {
      const started = performance.now();
      const request = fetch(`${baseUrl}${path}`)
        .then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) failures += 1;
          samples[i]!.push(performance.now() - started);
        })
        .catch(() => void (failures += 1))
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    });
  }, everyMs);
  return {
    async stop(): Promise<{ samples: number[][]; failures: number }> {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { samples, failures };
    },
  };
}
