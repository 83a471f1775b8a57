import type { PortalServer } from '@scr/server';

type Knex = PortalServer['knex'];

interface QueryEvent {
  __knexQueryUid?: string;
  sql?: string;
}

/** What the log saw between `start` and `stop`. */
export interface QueryTotals {
  /** Statements answered (or failed). */
  count: number;
  /** Their summed time from sent to answered, in milliseconds. */
  sqlMs: number;
  /** The slowest kinds of statement, one line each: summed time, how many, the SQL's start. */
  top(limit: number): string[];
}

/**
 * Times the SQL statements the portal (in this process) sends through its Knex, transactions
 * included, between `start` and `stop`: how much of a request is spent in the database.
 */
export class QueryLog {
  readonly #knex: Knex;
  readonly #sent = new Map<string, { at: number; sql: string }>();
  #recording = false;
  #keepStatements = false;
  #count = 0;
  #sqlMs = 0;
  #statements: { ms: number; sql: string }[] = [];

  readonly #onQuery = (query: QueryEvent) => {
    if (!this.#recording || !query.__knexQueryUid) return;
    this.#sent.set(query.__knexQueryUid, { at: performance.now(), sql: query.sql ?? '' });
  };

  readonly #onAnswer = (_answer: unknown, query: QueryEvent) => {
    const sent = query.__knexQueryUid ? this.#sent.get(query.__knexQueryUid) : undefined;
    if (!sent) return;
    this.#sent.delete(query.__knexQueryUid!);
    const ms = performance.now() - sent.at;
    this.#count += 1;
    this.#sqlMs += ms;
    if (this.#keepStatements) this.#statements.push({ ms, sql: sent.sql });
  };

  constructor(knex: Knex) {
    this.#knex = knex;
    knex.on('query', this.#onQuery);
    knex.on('query-response', this.#onAnswer);
    knex.on('query-error', this.#onAnswer);
  }

  /** Starts counting; with `keepStatements`, also keeps each statement for `top`. */
  start(keepStatements = false) {
    this.#recording = true;
    this.#keepStatements = keepStatements;
    this.#count = 0;
    this.#sqlMs = 0;
    this.#statements = [];
    this.#sent.clear();
  }

  stop(): QueryTotals {
    this.#recording = false;
    // Statements of the same shape (a chunked insert, say) summed: the SQL up to its values.
    const shapes = new Map<string, { ms: number; count: number }>();
    for (const { ms, sql } of this.#statements) {
      const shape = sql
        .replace(/\s+/g, ' ')
        .replace(/\(\$\d+.*$|\$\d+.*$/, '…')
        .slice(0, 140);
      const sum = shapes.get(shape) ?? { ms: 0, count: 0 };
      shapes.set(shape, { ms: sum.ms + ms, count: sum.count + 1 });
    }
    const ranked = [...shapes].sort((a, b) => b[1].ms - a[1].ms);
    return {
      count: this.#count,
      sqlMs: this.#sqlMs,
      top: (limit) =>
        ranked
          .slice(0, limit)
          .map(([shape, { ms, count }]) => `${ms.toFixed(1).padStart(7)} ms ${count}×  ${shape}`),
    };
  }

  close() {
    this.#knex.off('query', this.#onQuery);
    this.#knex.off('query-response', this.#onAnswer);
    this.#knex.off('query-error', this.#onAnswer);
  }
}
