import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test/start-app.ts';
import {
  acquireDataDirLock,
  DataDirLockedError,
  liveHolderOf,
  lockFileName,
} from './data-dir-lock.ts';

const dirs: string[] = [];
function freshDir() {
  const dir = tempDir('scr-lock-');
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(result.stdout.toString());
}

describe('data folder lock', () => {
  it('writes our pid and start time, and removes the file on release', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    const content = JSON.parse(readFileSync(join(dir, lockFileName), 'utf8')) as { pid: number };
    expect(content.pid).toBe(process.pid);
    expect(lock.tookOver).toBeNull();
    lock.release();
    expect(existsSync(join(dir, lockFileName))).toBe(false);
  });

  it('refuses while a live process holds it, naming that process', () => {
    const dir = freshDir();
    // The test runner's parent process is alive and is not us.
    writeFileSync(
      join(dir, lockFileName),
      JSON.stringify({ pid: process.ppid, processStart: null }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      `Another portal process (pid ${process.ppid}) is using DATA_DIR ${dir}; stop it or choose another DATA_DIR.`,
    );
  });

  it('names the live holder of a folder without taking the lock; none for a free or stale one', () => {
    const dir = freshDir();
    expect(liveHolderOf(dir)).toBeNull();
    writeFileSync(join(dir, lockFileName), JSON.stringify({ pid: deadPid(), processStart: '1' }));
    expect(liveHolderOf(dir)).toBeNull();
    const live = JSON.stringify({ pid: process.ppid, processStart: null });
    writeFileSync(join(dir, lockFileName), live);
    expect(liveHolderOf(dir)).toBe(process.ppid);
    expect(readFileSync(join(dir, lockFileName), 'utf8')).toBe(live);
  });

  it('takes over a lock whose process is gone (kill -9)', () => {
    const dir = freshDir();
    const pid = deadPid();
    writeFileSync(join(dir, lockFileName), JSON.stringify({ pid, processStart: '1' }));
    const lock = acquireDataDirLock(dir);
    expect(lock.tookOver).toEqual({ pid });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another, later process', () => {
    const dir = freshDir();
    const stale = { pid: process.ppid, processStart: 'not-its-start-time' };
    writeFileSync(join(dir, lockFileName), JSON.stringify(stale));
    expect(acquireDataDirLock(dir).tookOver).toEqual({ pid: process.ppid });
  });

  it('takes over half-written debris', () => {
    const dir = freshDir();
    writeFileSync(join(dir, lockFileName), '');
    expect(acquireDataDirLock(dir).tookOver).toEqual({ pid: 0 });
  });

  it('does not release a lock another process has taken since', () => {
    const dir = freshDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, lockFileName), JSON.stringify({ pid: process.ppid }));
    lock.release();
    expect(existsSync(join(dir, lockFileName))).toBe(true);
  });
});
