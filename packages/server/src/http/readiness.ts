import type { Application } from '../declarations.ts';

/**
 * How one part of an instance stands: `up`; `degraded` (the instance serves, part of what it
 * does is missing, e.g. events between instances while Redis is away); `down` (it cannot serve).
 */
export type PartState = 'up' | 'degraded' | 'down';

export interface PartReport {
  state: PartState;
  /** One line for an operator: what is missing, since when, what it waits for. */
  detail?: string;
}

/** A part's check: answers quickly (a cached state or a query with its own short timeout). */
export type PartCheck = () => PartReport | Promise<PartReport>;

export interface ReadinessReport {
  /** Every part up: 'ready'; any degraded: 'degraded'; any down: 'unavailable'. */
  status: 'ready' | 'degraded' | 'unavailable';
  parts: Record<string, PartReport>;
}

/**
 * The parts readiness is made of (database, migrations, Redis, the outbox workers, …): each
 * part of the server registers its own check where it is started, so `/health/ready` says the
 * truth about everything without knowing each part. One registry per app, so that several test
 * apps in one process stay apart.
 */
export class Readiness {
  readonly #checks = new Map<string, PartCheck>();

  /** Registers (or replaces) the check of a part. */
  add(name: string, check: PartCheck): void {
    this.#checks.set(name, check);
  }

  remove(name: string): void {
    this.#checks.delete(name);
  }

  /** Every part's state, checked side by side; a check that throws counts as down. */
  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.#checks].map(async ([name, check]): Promise<[string, PartReport]> => {
        try {
          return [name, await check()];
        } catch (error) {
          return [name, { state: 'down', detail: (error as Error).message }];
        }
      }),
    );
    const parts = Object.fromEntries(entries);
    const states = entries.map(([, report]) => report.state);
    const status = states.includes('down')
      ? 'unavailable'
      : states.includes('degraded')
        ? 'degraded'
        : 'ready';
    return { status, parts };
  }
}

const registries = new WeakMap<Application, Readiness>();

/** The app's readiness registry. */
export function readinessOf(app: Application): Readiness {
  let registry = registries.get(app);
  if (!registry) registries.set(app, (registry = new Readiness()));
  return registry;
}
