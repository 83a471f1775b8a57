import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts process CPU in clock ticks of 10 ms (`getconf CLK_TCK` = 100). */
const msPerTick = 10;

/**
 * The CPU time the local PostgreSQL spends for one database: the summed user and system time
 * of its backend processes (process title `postgres: … <database> …`), read from /proc. It
 * shows how much of the SQL time is the database's own work when other work on the machine
 * makes wall times long. Unavailable (null) off Linux or with a remote server.
 */
export class PostgresCpu {
  readonly #database: string;
  #pids: string[] = [];

  constructor(databaseUrl: string) {
    this.#database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  }

  /** Finds the database's backends (the pool's connections); call it outside measured time. */
  refresh(): void {
    try {
      this.#pids = readdirSync('/proc').filter((pid) => {
        if (!/^\d+$/.test(pid)) return false;
        try {
          const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          return title.startsWith('postgres:') && title.split(/\s+/).includes(this.#database);
        } catch {
          return false;
        }
      });
    } catch {
      this.#pids = [];
    }
  }

  /** The backends' CPU time so far, in milliseconds; null when none was found. */
  read(): number | null {
    let ticks = 0;
    let found = false;
    for (const pid of this.#pids) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
        found = true;
      } catch {
        // A backend that has gone: its time is no longer counted.
      }
    }
    return found ? ticks * msPerTick : null;
  }
}
