import { once } from 'node:events';
import type { Knex } from 'knex';

/**
 * PostgreSQL's COPY protocol on the `pg` connection a Knex transaction holds, for the backup
 * of a PostgreSQL database: `COPY … TO STDOUT` and `COPY … FROM STDIN` move rows as the COPY
 * text a backup file holds, with no per-row work in this process. Each is a pg "submittable"
 * query: the client hands it the protocol's messages while it is the active query.
 */
interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: NodeJS.ReadableStream & NodeJS.WritableStream & { writableNeedDrain: boolean };
}

interface PgClient {
  query(submittable: object): unknown;
}

/** Chunks of copied-out text held before the socket is paused. */
const highWaterBytes = 4 << 20;

abstract class CopyQuery {
  protected connection: PgConnection | null = null;
  protected error: Error | null = null;
  /** The row count of the command's `COPY n` tag. */
  rows = 0;
  private finished = false;
  private waiting: (() => void) | null = null;

  constructor(private readonly text: string) {}

  submit(connection: PgConnection): void {
    this.connection = connection;
    connection.query(this.text);
  }

  handleCommandComplete(message: { text: string }): void {
    this.rows = Number(/^COPY (\d+)/.exec(message.text)?.[1] ?? 0);
  }

  /** An error ends the query at once: a lost connection sends no ReadyForQuery after it. */
  handleError(error: Error): void {
    this.error ??= error;
    this.wake();
  }

  handleReadyForQuery(): void {
    this.finished = true;
    this.wake();
  }

  handleCopyInResponse(connection: PgConnection): void {
    connection.sendCopyFail('not a COPY FROM STDIN');
  }

  handleCopyData(_message: { chunk: Buffer }): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}

  protected get done(): boolean {
    return this.finished || this.error !== null;
  }

  protected wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  protected sleep(): Promise<void> {
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

class CopyOut extends CopyQuery {
  private pending: Buffer[] = [];
  private held = 0;
  private abandoned = false;

  override handleCopyData(message: { chunk: Buffer }): void {
    if (this.abandoned) return;
    // A view into the driver's read buffer, which the next packet overwrites: copied at once.
    this.pending.push(Buffer.from(message.chunk));
    this.held += message.chunk.length;
    if (this.held > highWaterBytes) this.connection?.stream.pause();
    this.wake();
  }

  async *chunks(): AsyncGenerator<Buffer> {
    try {
      for (;;) {
        if (this.error) throw this.error;
        if (this.pending.length > 0) {
          const chunk = Buffer.concat(this.pending);
          this.pending = [];
          this.held = 0;
          this.connection?.stream.resume();
          yield chunk;
        } else if (this.done) return;
        else await this.sleep();
      }
    } finally {
      // A reader that stops early lets the rest of the COPY flow by, so that the connection
      // reaches ReadyForQuery and the transaction can roll back.
      this.abandoned = true;
      this.pending = [];
      this.connection?.stream.resume();
    }
  }
}

class CopyIn extends CopyQuery {
  private started = false;

  override handleCopyInResponse(): void {
    this.started = true;
    this.wake();
  }

  private async ready(): Promise<PgConnection> {
    while (!this.started && !this.done && !this.error) await this.sleep();
    if (this.error) throw this.error;
    if (!this.started) throw new Error('the server did not start the COPY');
    return this.connection!;
  }

  async write(chunk: Buffer): Promise<void> {
    const connection = await this.ready();
    connection.sendCopyFromChunk(chunk);
    if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
  }

  async end(): Promise<number> {
    (await this.ready()).endCopyFrom();
    while (!this.done) await this.sleep();
    if (this.error) throw this.error;
    return this.rows;
  }

  /** Ends the COPY with an error of ours, so that the transaction can roll back. */
  async abort(reason: string): Promise<void> {
    const connection = await this.ready().catch(() => null);
    if (!connection || this.done) return;
    connection.sendCopyFail(reason);
    while (!this.done) await this.sleep();
  }
}

async function clientOf(trx: Knex.Transaction): Promise<PgClient> {
  // Inside a transaction Knex answers the transaction's own connection: a pg Client.
  return (await trx.client.acquireConnection()) as PgClient;
}

/** The text of `COPY … TO STDOUT`, in chunks of whole rows; `rows()` counts them at the end. */
export async function copyOut(trx: Knex.Transaction, sql: string) {
  const query = new CopyOut(sql);
  (await clientOf(trx)).query(query);
  return { chunks: query.chunks(), rows: () => query.rows };
}

/** A `COPY … FROM STDIN` to write rows to; `end()` answers how many the server took. */
export async function copyIn(trx: Knex.Transaction, sql: string) {
  const query = new CopyIn(sql);
  (await clientOf(trx)).query(query);
  return {
    write: (chunk: Buffer) => query.write(chunk),
    end: () => query.end(),
    abort: (reason: string) => query.abort(reason),
  };
}
