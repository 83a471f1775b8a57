import { Worker } from 'node:worker_threads';

/** One client to open: the instance it connects to and the access token it signs in with. */
export interface ClientSpec {
  url: string;
  token: string;
}

/** What one client heard since the last `expect`. */
export interface ClientResult {
  /** How many of the expected releases it heard of. */
  heard: number;
  /** When it had heard of all of them (epoch ms, `performance.timeOrigin` based), or null. */
  doneAt: number | null;
  /** Socket events it received (release events or notices), expected or not. */
  events: number;
  disconnects: string[];
}

type Answer = { type: string; id: number } & Record<string, unknown>;

/**
 * The bench's socket.io clients, spread over worker threads (`socket-client-worker.mjs`): a
 * thread parses only its share of the notices, and none of them on the bench's main thread,
 * which sends the transfer and the HTTP probe.
 */
export class SocketClients {
  readonly #workers: Worker[];
  /** Sign-ins tried again (no answer in time) while connecting. */
  retries = 0;
  readonly #waiting = new Map<string, (answer: Answer) => void>();
  #nextId = 0;

  private constructor(specs: readonly ClientSpec[], threads: number) {
    const share = Math.ceil(specs.length / threads);
    this.#workers = Array.from({ length: threads }, (_, t) => {
      const worker = new Worker(new URL('./socket-client-worker.mjs', import.meta.url), {
        workerData: { clients: specs.slice(t * share, (t + 1) * share) },
      });
      worker.on('message', (answer: Answer) => {
        const key = `${t}:${answer.type === 'done' ? 'done' : 'answer'}:${answer.id}`;
        this.#waiting.get(key)?.(answer);
        this.#waiting.delete(key);
      });
      return worker;
    });
  }

  /** Opens and signs in every client; throws with the first refusals when any is refused. */
  static async connect(specs: readonly ClientSpec[], threads = 2): Promise<SocketClients> {
    const clients = new SocketClients(specs, threads);
    const answers = await clients.#all('connect');
    const errors = answers.flatMap((answer) => answer.errors as string[]);
    clients.retries = answers.reduce((sum, answer) => sum + (answer.retries as number), 0);
    if (errors.length > 0) {
      await clients.close();
      throw new Error(
        `${errors.length} sockets were refused, e.g.: ${errors.slice(0, 3).join('; ')}`,
      );
    }
    return clients;
  }

  /**
   * From now on each client counts the releases of `addresses` it hears of; the promise answered
   * settles once every client has heard of all of them.
   */
  async expect(addresses: readonly string[]): Promise<{ allHeard: Promise<void> }> {
    const id = this.#nextId++;
    const done = this.#workers.map(
      (_, t) =>
        new Promise<void>((resolve) => this.#waiting.set(`${t}:done:${id}`, () => resolve())),
    );
    await this.#all('expect', { addresses }, id);
    return { allHeard: Promise.all(done).then(() => undefined) };
  }

  /** Every client's result, in the order of the specs. */
  async results(): Promise<ClientResult[]> {
    return (await this.#all('report')).flatMap((answer) => answer.clients as ClientResult[]);
  }

  async close(): Promise<void> {
    await this.#all('close');
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }

  #all(type: string, body: Record<string, unknown> = {}, id = this.#nextId++): Promise<Answer[]> {
    return Promise.all(
      this.#workers.map(
        (worker, t) =>
          new Promise<Answer>((resolve) => {
            this.#waiting.set(`${t}:answer:${id}`, resolve);
            worker.postMessage({ type, id, ...body });
          }),
      ),
    );
  }
}
