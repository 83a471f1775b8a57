/**
 * Waits for `work` for at most `ms`: true when it settled in time (resolved or rejected: a
 * stop goes on either way), false when the time ran out. Never throws.
 */
export async function settleWithin(
  work: Promise<unknown> | undefined,
  ms: number,
): Promise<boolean> {
  if (!work) return true;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
