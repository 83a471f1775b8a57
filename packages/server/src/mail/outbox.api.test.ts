import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { createLogger } from '../logger.ts';
import { startTestApp, tempDir, type TestServer } from '../test/start-app.ts';
import { fileTransport, type MailMessage } from './mail-transport.ts';
import { deliverDue, enqueue, type OutboxHandlers } from './outbox.ts';

let server: TestServer;
const logger = createLogger('silent');
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.stop());

/**
 * A topic of this test's own that records what it delivers and fails while told to. No app's
 * worker handles it, so no other worker (PostgreSQL is shared by the test files) races for it.
 */
const topic = `test-${process.pid}-${Date.now()}`;
function recorder() {
  const sent: MailMessage[] = [];
  let failing = false;
  const handlers: OutboxHandlers = {
    [topic]: async (message: MailMessage) => {
      if (failing) throw new Error('SMTP server unreachable');
      sent.push(message);
    },
  };
  return { sent, handlers, fail: (value: boolean) => (failing = value) };
}

const mail = (subject: string): MailMessage => ({
  to: 'ops@portal.test',
  subject,
  text: 'body 123456',
});
const rowOf = (subject: string) =>
  server.knex('outbox').whereRaw(`payload->>'subject' = ?`, [subject]).first();

describe('DESIGN §2: side effects go through an outbox written in the same transaction', () => {
  it('never sends for a change that rolled back', async () => {
    const { sent, handlers } = recorder();
    await expect(
      inTransaction(server.knex, async (trx) => {
        await enqueue(trx, topic, mail('rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await deliverDue(server.knex, handlers, logger);
    expect(sent.map((m) => m.subject)).not.toContain('rolled back');
    expect(await rowOf('rolled back')).toBeUndefined();
  });

  it('retries a failed delivery later and keeps no content once sent', async () => {
    const { sent, handlers, fail } = recorder();
    await inTransaction(server.knex, (trx) => enqueue(trx, topic, mail('retried')));
    fail(true);
    await deliverDue(server.knex, handlers, logger);
    const failed = await rowOf('retried');
    expect(failed).toMatchObject({
      attempts: 1,
      delivered_at: null,
      last_error: 'SMTP server unreachable',
    });
    expect(new Date(failed.available_at).getTime()).toBeGreaterThan(Date.now());

    fail(false);
    await server
      .knex('outbox')
      .where({ id: failed.id })
      .update({ available_at: new Date(Date.now() - 1000) });
    await deliverDue(server.knex, handlers, logger);
    expect(sent.map((m) => m.subject)).toContain('retried');
    const delivered = await server.knex('outbox').where({ id: failed.id }).first();
    expect(delivered.delivered_at).not.toBeNull();
    expect(JSON.stringify(delivered.payload)).not.toContain('123456');
  });
});

describe('DESIGN §4 "mail": the file outbox of `npm start` without SMTP', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox', async () => {
    const dataDir = tempDir();
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const transport = fileTransport(dataDir, logger);
    await transport.send(mail('to a file'));
    const files = readdirSync(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(readFileSync(join(dataDir, 'outbox', files[0]!), 'utf8')).toContain(
      'Subject: to a file',
    );
  });
});
