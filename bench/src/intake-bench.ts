import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import * as XLSX from '@e965/xlsx';
import {
  addDays,
  containerCheckDigit,
  formatTypedDate,
  todayInBrussels,
  uploadTemplateHeaderRow,
  type CoreorAnswer,
  type UploadResult,
} from '@scr/domain';
// The server's own test kits: an organisation with real keys, a COREOR interchange as carriers write one.
import {
  coreorFile,
  uniqueInterchangeReference,
} from '../../packages/server/src/test/coreor-file.ts';
import { createWalletOrganization } from '../../packages/server/src/test/factories.ts';
import { profileCpu } from './cpu-profile.ts';
import type { BenchPortal } from './portal.ts';
import { PostgresCpu } from './postgres-cpu.ts';
import { QueryLog } from './query-log.ts';
import { report, summarise, type Budget } from './stats.ts';
import { benchTerminal, reconnect, removeTransferWorlds } from './transfer-world.ts';

/** The budgets of the intake (on PostgreSQL): each line's median. */
export interface IntakeBudgets {
  /** A multi-upload of 5,000 rows, per format, from the file sent to the report answered. */
  upload: Budget;
  /** A COREOR interchange of 1,000 containers, from the text sent to the answer. */
  coreor: Budget;
}

export interface IntakeBenchOptions {
  /** Rows of each uploaded file: 5,000 (the upload's limit) in the budget. */
  rows: number;
  /** Containers of the interchange: 1,000 in the budget. */
  containers: number;
  /** Measured uploads of each format and interchanges, after one warm-up of each. */
  rounds: number;
  /** One more upload (.xlsx) and interchange, not counted, with CPU profile and slowest SQL. */
  profile: boolean;
}

// `removeTransferWorlds` removes organisations named so, with their releases, uploads, interchanges.
const namePrefix = 'Bench Transfer Intake ';
// The terminal `benchTerminal` makes.
const terminal = 'BENCHTR';
const formats = ['xlsx', 'xls', 'csv'] as const;
type Format = (typeof formats)[number];
/** Containers of one BL (one COREOR message): a vessel's BL carries a handful. */
const containersPerBl = 5;

/** One measured call: wall time, this process's CPU (the portal and its threads), PostgreSQL's. */
interface Sample {
  wall: number;
  cpu: number;
  db: number | null;
  sql: number;
  statements: number;
  load: number;
}

/**
 * Releases spec §5 "Multi upload" and the COREOR intake, through the HTTP calls the web app
 * makes: the upload dialog reads the sheet in the browser (its check sends nothing) and posts
 * the file as multipart to `release-uploads`, which validates every row, seals and signs, and
 * creates the releases with their signed `create` statements; the COREOR dialog posts the
 * interchange's text as JSON to `releases/coreor` (pincodes in RFF+RE, sealed to the carrier).
 * The files are made before the clock starts. Answers whether the budgets hold.
 */
export async function benchIntake(
  bench: BenchPortal,
  budgets: IntakeBudgets | undefined,
  options: IntakeBenchOptions,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const world = await intakeWorld(bench);
  const queries = new QueryLog(bench.portal.knex);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const postgres =
    bench.backend === 'postgres' && databaseUrl ? new PostgresCpu(databaseUrl) : null;

  const post = async <T>(
    path: string,
    init: { body: string | FormData; json?: boolean },
  ): Promise<T> => {
    const response = await fetch(`${bench.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.token}`,
        accept: 'application/json',
        ...(init.json ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
  const upload = (format: Format, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), `releases.${format}`);
    return post<UploadResult>('release-uploads', { body: form });
  };
  const coreor = (content: string) =>
    post<CoreorAnswer>('releases/coreor', {
      body: JSON.stringify({ content, fileName: 'coreor.edi' }),
      json: true,
    });

  /** Times one call; in the profiled round, under the CPU profiler with its SQL kept. */
  const timed = async <T>(name: string, call: () => Promise<T>, profile = false) => {
    postgres?.refresh();
    queries.start(profile);
    const db = postgres?.read() ?? null;
    const cpu = process.cpuUsage();
    const started = performance.now();
    let result: T;
    if (profile) {
      const profiled = await profileCpu(call, 20);
      result = profiled.result;
      console.log(label(`CPU of ${name}, ${profiled.lines[0]}`));
      for (const line of profiled.lines.slice(1)) console.log(label(`  ${line}`));
    } else {
      result = await call();
    }
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const dbNow = postgres?.read() ?? null;
    const sql = queries.stop();
    if (profile) {
      console.log(label(`slowest SQL of ${name} (${sql.count} statements):`));
      for (const line of sql.top(15)) console.log(label(`  ${line}`));
    }
    const sample: Sample = {
      wall,
      cpu: (used.user + used.system) / 1000,
      db: db === null || dbNow === null ? null : dbNow - db,
      sql: sql.sqlMs,
      statements: sql.count,
      load: loadavg()[0]!,
    };
    return { result, sample };
  };

  const uploads: Record<Format, Sample[]> = { xlsx: [], xls: [], csv: [] };
  const interchanges: Sample[] = [];
  // Every file made before the first call: making one leaves garbage a measured call would collect.
  const runs = options.rounds + 1 + (options.profile ? 1 : 0);
  const files = formats.map((format) =>
    Array.from({ length: runs }, () => sheetFile(format, uploadRows(options.rows))),
  );
  const texts = Array.from({ length: runs }, () => interchange(options.containers));
  const uploadOnce = async (format: Format, profile = false) => {
    const file = files[formats.indexOf(format)]!.pop()!;
    const { result, sample } = await timed(
      `an upload of ${options.rows} rows (.${format})`,
      () => upload(format, file),
      profile,
    );
    if (result.created !== options.rows || result.failed !== 0) {
      const problem = result.rows.find((row) => row.errors);
      throw new Error(
        `the .${format} upload created ${result.created}, refused ${result.failed}: ${JSON.stringify(problem)}`,
      );
    }
    return sample;
  };
  const coreorOnce = async (profile = false) => {
    const content = texts.pop()!;
    const { result, sample } = await timed(
      `a COREOR interchange of ${options.containers} containers`,
      () => coreor(content),
      profile,
    );
    if (result.accepted !== options.containers || result.status !== 'accepted') {
      const refused = result.messages.find((m) => m.status !== 'accepted');
      throw new Error(
        `the interchange was ${result.status}, ${result.accepted} accepted: ${JSON.stringify(result.errors)} ${JSON.stringify(refused).slice(0, 800)}`,
      );
    }
    return sample;
  };

  try {
    // Warm-up (JIT, the sheet worker's start, plans), then fresh statistics as autovacuum keeps.
    for (const format of formats) await uploadOnce(format);
    await coreorOnce();
    await bench.portal.knex.raw(
      'analyze releases, release_parties, release_events, release_pincodes, ledger_statements, bills_of_lading',
    );
    await reconnect(bench);
    for (let round = 0; round < options.rounds; round += 1) {
      for (const format of formats) uploads[format].push(await uploadOnce(format));
      interchanges.push(await coreorOnce());
    }
    if (options.profile) {
      await uploadOnce('xlsx', true);
      await coreorOnce(true);
    }
  } finally {
    queries.close();
    await removeTransferWorlds(bench.portal.knex);
  }

  const median = (samples: Sample[], pick: (sample: Sample) => number) =>
    Math.round(summarise(samples.map(pick)).p50);
  const details = (samples: Sample[]) => {
    const db = samples.every((s) => s.db !== null)
      ? `, PostgreSQL CPU ${median(samples, (s) => s.db!)}`
      : '';
    return (
      `wall ${median(samples, (s) => s.wall)}, CPU ${median(samples, (s) => s.cpu)}${db}, ` +
      `SQL ${median(samples, (s) => s.sql)} in ${median(samples, (s) => s.statements)} statements, ` +
      `load ${summarise(samples.map((s) => s.load)).p50.toFixed(1)}`
    );
  };
  const rows = options.rows.toLocaleString('en');
  const containers = options.containers.toLocaleString('en');
  let within = true;
  for (const format of formats) {
    console.log(label(`upload of ${rows} rows .${format}, p50 ms: ${details(uploads[format])}`));
  }
  console.log(label(`COREOR of ${containers} containers, p50 ms: ${details(interchanges)}`));
  for (const format of formats) {
    within =
      report(
        label(`upload ${rows} rows .${format} end to end`),
        summarise(uploads[format].map((s) => s.wall)),
        budgets?.upload,
      ) && within;
  }
  within =
    report(
      label(`COREOR ${containers} containers end to end`),
      summarise(interchanges.map((s) => s.wall)),
      budgets?.coreor,
    ) && within;
  return within;
}

/** A carrier with its keys in the cloud wallet (its sealing key seals the pincodes), a terminal. */
async function intakeWorld(bench: BenchPortal) {
  const knex = bench.portal.knex;
  const suffix = randomBytes(3).toString('hex');
  const carrier = await createWalletOrganization(knex, {
    role: 'carrier',
    users: [{ isAdmin: true, email: `bench-intake-${suffix}@bench.test` }],
    fields: { name: `${namePrefix}Carrier ${suffix}` },
  });
  await benchTerminal(knex);
  return { token: await bench.tokenFor(carrier.users[0]!.id) };
}

/** `count` fresh container numbers with their ISO 6346 check digit, and a fresh BL prefix. */
function freshContainers(count: number, owner: string) {
  const batch = randomBytes(4).toString('hex').toUpperCase();
  const first = randomBytes(4).readUInt32BE();
  return Array.from({ length: count }, (_, i) => {
    const firstTen = `${owner}${String((first + i) % 1_000_000).padStart(6, '0')}`;
    return {
      bl: `INTK${batch}${String(Math.floor(i / containersPerBl)).padStart(4, '0')}`,
      container: `${firstTen}${containerCheckDigit(firstTen)}`,
    };
  });
}

/** The rows of a multi-upload, every column of the template filled as a carrier fills it. */
function uploadRows(count: number): string[][] {
  const today = todayInBrussels();
  return freshContainers(count, 'INTU').map(({ bl, container }, i) => [
    bl,
    'CNSHA',
    'BEANR',
    'MSC Anna',
    '2026001',
    '9876543',
    'V01',
    container,
    i % 2 === 0 ? '40HC' : '22G1',
    terminal,
    'Depot A',
    `REF-${i}`,
    '',
    '',
    '',
    '',
    formatTypedDate(today),
    formatTypedDate(addDays(today, 30)),
  ]);
}

/** The sheet as Excel or an office's CSV (UTF-8) would save it: the template's header, then the rows. */
function sheetFile(format: Format, rows: string[][]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([[...uploadTemplateHeaderRow], ...rows]);
  if (format === 'csv') return Buffer.from(XLSX.utils.sheet_to_csv(sheet), 'utf8');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Releases');
  return XLSX.write(book, {
    type: 'buffer',
    bookType: format === 'xls' ? 'biff8' : 'xlsx',
    compression: true,
  }) as Buffer;
}

/** A COREOR D95B interchange of `count` containers, one message per BL, each with a pincode. */
function interchange(count: number): string {
  const until = addDays(todayInBrussels(), 30);
  const containers = freshContainers(count, 'CORU');
  const run = randomBytes(3).toString('hex').toUpperCase();
  const orders = [];
  for (let i = 0; i < containers.length; i += containersPerBl) {
    const group = containers.slice(i, i + containersPerBl);
    orders.push({
      reference: `${run}${i / containersPerBl}`,
      bl: group[0]!.bl,
      containers: group.map(({ container }) => ({
        number: container,
        terminal,
        validUntil: until,
        pincode: String(100000 + (randomBytes(4).readUInt32BE() % 900000)),
      })),
    });
  }
  return coreorFile(orders, uniqueInterchangeReference());
}
