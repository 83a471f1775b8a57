import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { RedisLink } from '../shared-state/redis-link.ts';
import { startPrivateRedis, type PrivateRedis } from '../test/private-redis.ts';
import { waitFor } from '../test/wait-for.ts';
import type { SharedEvent } from './live-events.ts';
import { RedisEventStream, type EventStreamOptions } from './redis-event-stream.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const logger = createLogger('silent');

/**
 * Issue 42 item 4: the relay of live events between instances, on a Redis of the test's own that
 * it stops, freezes and starts. Each "instance" is a link and a stream on one key of the test's.
 */
describe.skipIf(!hasRedis)('live events between instances through a Redis stream', () => {
  let redis: PrivateRedis;
  let key: string;
  let opened: { link: RedisLink; stream: RedisEventStream }[] = [];

  function instance(options: EventStreamOptions = {}) {
    const link = new RedisLink(redis.url, logger);
    const heard: SharedEvent[] = [];
    const stream = new RedisEventStream(link, (event) => heard.push(event), logger, {
      key,
      blockMs: 500,
      ...options,
    });
    opened.push({ link, stream });
    const texts = () => heard.map((event) => (event.data as { text: string }).text);
    const share = (text: string, untilSent = false) =>
      stream.share({ kind: 'test', data: { text } }, untilSent);
    return { link, stream, heard, texts, share };
  }
  const working = (...instances: { stream: RedisEventStream }[]) =>
    waitFor('the stream to work on every instance', () =>
      instances.every(({ stream }) => stream.downSince() === null),
    );
  const interrupted = (...instances: { stream: RedisEventStream }[]) =>
    waitFor('every instance to see the stream interrupted', () =>
      instances.every(({ stream }) => stream.downSince() !== null),
    );

  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterEach(async () => {
    redis.resume();
    await redis.start().catch(() => undefined);
    for (const { stream, link } of opened) {
      await stream.close();
      await link.close();
    }
    opened = [];
  });
  afterAll(async () => {
    await redis?.stop();
  });
  beforeEach(() => {
    key = `test-events-${randomUUID()}`;
  });

  it('shares events with the other instances in order, never back to the instance that sent them', async () => {
    const [a, b, c] = [instance(), instance(), instance()];
    await working(a, b, c);
    a.share('one');
    b.share('two');
    a.share('three');
    await waitFor('c to hear all three', () => c.heard.length === 3);
    expect(c.texts()).toEqual(['one', 'two', 'three']);
    await waitFor('b to hear a', () => b.heard.length === 2);
    expect(b.texts()).toEqual(['one', 'three']);
    expect(a.texts()).toEqual(['two']);
    expect(c.heard[0]!.kind).toBe('test');
  });

  it('an instance started while Redis is down is degraded, and sends what it kept, in order, once Redis starts', async () => {
    await redis.stop();
    const [a, b] = [instance(), instance()];
    a.share('kept 1');
    a.share('kept 2');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(a.stream.downSince()).not.toBeNull();
    expect(a.stream.pending).toBe(2);
    await redis.start();
    await waitFor('b to hear what a kept', () => b.heard.length === 2, { timeoutMs: 20_000 });
    expect(b.texts()).toEqual(['kept 1', 'kept 2']);
    await working(a, b);
    expect(a.stream.pending).toBe(0);
  });

  it('resumes after Redis restarts, without being told to subscribe again', async () => {
    const [a, b] = [instance(), instance()];
    await working(a, b);
    a.share('before');
    await waitFor('b to hear before', () => b.heard.length === 1);
    await redis.stop();
    await interrupted(a, b);
    a.share('while stopped');
    await redis.start();
    await working(a, b);
    a.share('after');
    await waitFor('b to hear the rest', () => b.heard.length === 3, { timeoutMs: 20_000 });
    expect(b.texts()).toEqual(['before', 'while stopped', 'after']);
    b.share('back');
    await waitFor('a to hear b after the restart', () => a.heard.length === 1);
  });

  it('notices a hung Redis (SIGSTOP) and heals when it answers again; an event sent meanwhile arrives once', async () => {
    const [a, b] = [instance(), instance()];
    await working(a, b);
    redis.pause();
    a.share('while frozen');
    await interrupted(a, b);
    redis.resume();
    await working(a, b);
    a.share('after');
    await waitFor('b to hear both', () => b.texts().includes('after'), { timeoutMs: 20_000 });
    // A send that timed out on the frozen connection and was sent again lands twice: heard once.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(b.texts()).toEqual(['while frozen', 'after']);
  });

  it('skips an entry repeated with the same origin and sequence number', async () => {
    const [a, b] = [instance(), instance()];
    await working(a, b);
    const entry = (s: string, text: string) => ({
      o: 'elsewhere',
      s,
      k: 'test',
      d: `{"text":"${text}"}`,
    });
    await a.link.client.xAdd(key, '*', entry('1', 'first'));
    await a.link.client.xAdd(key, '*', entry('1', 'first'));
    await a.link.client.xAdd(key, '*', entry('2', 'second'));
    await waitFor('b to hear the second', () => b.texts().includes('second'));
    expect(b.texts()).toEqual(['first', 'second']);
  });

  it('keeps at most maxPending events while Redis is away, dropping the oldest notices, never an event kept until sent', async () => {
    await redis.stop();
    const [a, b] = [instance({ maxPending: 2 }), instance()];
    a.share('notice 1');
    a.share('sessions ended', true);
    a.share('notice 2');
    a.share('notice 3');
    expect(a.stream.pending).toBe(2);
    await redis.start();
    await waitFor('b to hear what a kept', () => b.heard.length === 2, { timeoutMs: 20_000 });
    expect(b.texts()).toEqual(['sessions ended', 'notice 3']);
  });
});
