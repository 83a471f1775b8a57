import type { RealTimeConnection } from '@feathersjs/feathers';
import { describe, expect, it } from 'vitest';
import { SessionConnections } from './session-connections.ts';

const hour = 3_600_000;

function registry() {
  const clock = { now: 1_000_000 };
  return { clock, sessions: new SessionConnections(12 * hour, () => clock.now) };
}

const socket = (): RealTimeConnection => ({});

describe('issue 9 §6 "Sessions": the sockets of each session, in memory', () => {
  it('a tracked socket is live until its session ends; ending answers every socket of it once', () => {
    const { clock, sessions } = registry();
    const [a, b, other] = [socket(), socket(), socket()];
    expect(sessions.track(a, 's1', clock.now + hour)).toBe(true);
    expect(sessions.track(b, 's1', clock.now + hour)).toBe(true);
    expect(sessions.track(other, 's2', clock.now + hour)).toBe(true);
    expect([a, b, other].map((c) => sessions.isLive(c))).toEqual([true, true, true]);

    expect(sessions.end(['s1'])).toEqual([a, b]);
    expect([a, b, other].map((c) => sessions.isLive(c))).toEqual([false, false, true]);
    expect(sessions.end(['s1'])).toEqual([]);
  });

  it('refuses to track a socket for a session already ended (a logout racing a sign-in)', () => {
    const { clock, sessions } = registry();
    sessions.end(['s1']);
    const late = socket();
    expect(sessions.track(late, 's1', clock.now + hour)).toBe(false);
    expect(sessions.isLive(late)).toBe(false);
  });

  it('a socket is no longer live once its session reaches its absolute end', () => {
    const { clock, sessions } = registry();
    const c = socket();
    sessions.track(c, 's1', clock.now + 1_000);
    expect(sessions.isLive(c)).toBe(true);
    clock.now += 1_000;
    expect(sessions.isLive(c)).toBe(false);
    expect(sessions.track(socket(), 's2', clock.now)).toBe(false);
  });

  it('an untracked (closed or signed-out) socket is neither live nor answered at the end', () => {
    const { clock, sessions } = registry();
    const c = socket();
    sessions.track(c, 's1', clock.now + hour);
    sessions.untrack(c);
    expect(sessions.isLive(c)).toBe(false);
    expect(sessions.end(['s1'])).toEqual([]);
  });

  it('a socket signing in again with another session moves to it', () => {
    const { clock, sessions } = registry();
    const c = socket();
    sessions.track(c, 's1', clock.now + hour);
    sessions.track(c, 's2', clock.now + hour);
    expect(sessions.end(['s1'])).toEqual([]);
    expect(sessions.isLive(c)).toBe(true);
    expect(sessions.end(['s2'])).toEqual([c]);
  });

  it('forgets ended sessions after the maximum lifetime, when no session could still be live', () => {
    const { clock, sessions } = registry();
    sessions.end(['s1', 's2']);
    clock.now += 6 * hour;
    sessions.end(['s3']);
    expect(sessions.endedCount).toBe(3);
    clock.now += 6 * hour;
    sessions.end(['s4']);
    expect(sessions.endedCount).toBe(2);
    clock.now += 12 * hour;
    sessions.end([]);
    expect(sessions.endedCount).toBe(0);
  });
});
