import type { Knex } from 'knex';

export interface DatabaseAnswer {
  answers: boolean;
  /**
   * How it went, for readiness: the time it took, or why not as an error code (ECONNREFUSED,
   * a SQLSTATE), never an error's message, which may name servers and addresses.
   */
  detail: string;
}

/** Whether the database answers `select 1` within `timeoutMs`, and how. Never throws. */
export async function databaseAnswer(knex: Knex, timeoutMs = 2_000): Promise<DatabaseAnswer> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DatabaseAnswer>((resolve) => {
    timer = setTimeout(
      () => resolve({ answers: false, detail: `no answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
  });
  const query = knex.raw('select 1').then(
    (): DatabaseAnswer => ({
      answers: true,
      detail: `answered in ${Math.round(performance.now() - started)} ms`,
    }),
    (error: unknown): DatabaseAnswer => ({ answers: false, detail: `failed: ${codeOf(error)}` }),
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function codeOf(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && /^[A-Z0-9_]{2,32}$/.test(code)) return code;
  return typeof name === 'string' && /^\w{1,40}$/.test(name) ? name : 'error';
}
