import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process holds the data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another portal process (pid ${pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Whether a stale lock (its process gone, e.g. after kill -9) was taken over. */
  readonly tookOver: { pid: number } | null;
  release(): void;
}

interface LockContent {
  pid: number;
  /** The process's start time (Linux: clock ticks since boot), so a reused pid is not mistaken. */
  processStart: string | null;
  startedAt: string;
}

export const lockFileName = 'portal.lock';

/**
 * Takes the exclusive lock on the data folder. PGlite does not lock its folder itself, and two
 * processes on one folder corrupt it, so this must succeed before the database is opened. The
 * lock file is created with O_EXCL and holds our pid; a lock whose process is gone is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, lockFileName);
  let tookOver: { pid: number } | null = null;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      const content: LockContent = {
        pid: process.pid,
        processStart: processStartOf(process.pid),
        startedAt: new Date().toISOString(),
      };
      writeSync(fd, JSON.stringify(content));
      closeSync(fd);
      return { path, tookOver, release: once(() => releaseIfOurs(path)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(path);
    if (holder && isAlive(holder)) throw new DataDirLockedError(dataDir, holder.pid);
    // The holder is gone (or the file is unreadable half-written debris): take the lock over.
    tookOver = { pid: holder?.pid ?? 0 };
    rmSync(path, { force: true });
  }
  throw new Error(`Could not take the lock ${path}: it keeps changing.`);
}

/**
 * The pid of the live process that holds the data folder, else null (no lock, or a stale one):
 * for reporting a held folder early. Only acquireDataDirLock takes the lock.
 */
export function liveHolderOf(dataDir: string): number | null {
  const holder = readLock(join(dataDir, lockFileName));
  return holder && isAlive(holder) ? holder.pid : null;
}

function readLock(path: string): LockContent | null {
  try {
    const content = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number' ? (content as LockContent) : null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockContent): boolean {
  // After a crash in a container, the next process can get the same pid: that is us, not them.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStartOf(holder.pid);
  return holder.processStart === null || start === null || start === holder.processStart;
}

/** Field 22 of /proc/<pid>/stat; null where /proc does not exist. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces; count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function releaseIfOurs(path: string): void {
  if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
