import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signInLimits } from '@scr/domain';
import { parseTrustProxy, type TrustProxy } from './http/client-address.ts';

/** Log levels pino knows, plus `silent`. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}

/** Everything the server reads from its environment, parsed and checked once at start. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (embedded database, lock file, later the mail outbox). */
  dataDir: string;
  /** PostgreSQL server; null means the embedded PGlite database in `dataDir/pglite`. */
  databaseUrl: string | null;
  /** The embedded database's `shared_buffers` in MB (PGLITE_SHARED_BUFFERS_MB, default 128). */
  pgliteSharedBuffersMb: number;
  /**
   * The most connections this instance opens to PostgreSQL (DATABASE_POOL_MAX; default
   * `defaultDatabasePoolMax`). The embedded database always has exactly one.
   */
  databasePoolMax: number;
  /** Redis for live events between instances and shared state; null for a single instance. */
  redisUrl: string | null;
  /** The origin users reach the portal at, without a trailing slash. */
  publicUrl: string;
  /** APP_ENV, else NODE_ENV, else `development`: shown by app-info. */
  environment: string;
  /** NODE_ENV or APP_ENV is `production`. */
  production: boolean;
  demoData: boolean;
  /** Null until SMTP_HOST is set; mail then goes to the file outbox. */
  smtp: SmtpConfig | null;
  logLevel: LogLevel;
  chatScriptUrl: string | null;
  analyticsScriptUrl: string | null;
  /** The built web app (`packages/web/dist` unless WEB_DIST says otherwise). */
  webDist: string;
  /**
   * The secret access tokens are signed with; null means a random one kept in the data folder
   * (enough for one instance; several instances sharing PostgreSQL need AUTH_SECRET).
   */
  authSecret: string | null;
  /** Where users write for help and to order Premium (shown on the order page). */
  supportEmail: string | null;
  /**
   * The server's own signing key (0x + 64 hex digits) for the ledger events it records
   * (DESIGN §3); null means one created once in the data folder (`server-key`).
   */
  serverPrivateKey: string | null;
  /** How often the expiry job runs (it also runs once at start); 0 turns it off. */
  expiryJobIntervalMs: number;
  /**
   * How often the ledger's sequencer logs new events and, when there were any, signs a checkpoint
   * (LEDGER_CHECKPOINT_INTERVAL_MS, default 60 s; also once at start); 0: only on demand
   * (`POST /api/ledger/checkpoints`). Docs: docs/ledger.md.
   */
  ledgerCheckpointIntervalMs: number;
  /**
   * A session's absolute lifetime in hours (SESSION_MAX_HOURS, default 12): past its start plus
   * this, refreshing its token and every call with it are refused (issue 9 §6).
   */
  sessionMaxHours: number;
  /**
   * Sign-in calls one client address may make per minute to each sign-in endpoint (find-user's
   * e-mail lookups and login links, challenges, sign-ins; a session token's refresh is none)
   * (SIGN_IN_CALLS_PER_IP_PER_MINUTE, default 60): generous for an office behind one address,
   * tight for a script (issue 3 item 8), counted once for all instances (issue 42 item 2).
   */
  signInCallsPerIpPerMinute: number;
  /**
   * E-mail lookups of one account one client address may make per five minutes
   * (SIGN_IN_LOOKUPS_PER_ACCOUNT, default 30): enough for any person signing in again and again.
   * Over all clients, five times it slows further lookups of the account, never refusing them
   * (issue 42 item 2, domain `lookupRule`).
   */
  signInLookupsPerAccount: number;
  /**
   * The proxies whose `X-Forwarded-For` names the client (TRUST_PROXY: a hop count or a list of
   * proxy addresses and ranges, issue 42 item 3); null: the header is ignored, the socket's
   * address is the client's.
   */
  trustProxy: TrustProxy | null;
  /**
   * The itsme OpenID provider drivers register with (ITSME_ISSUER_URL, ITSME_CLIENT_ID,
   * ITSME_CLIENT_SECRET, ITSME_SCOPE); the redirect goes to `publicUrl/itsme-confirm`. Null: outside
   * production the portal runs its own stand-in provider at `/itsme-provider`; in production
   * itsme registration is unavailable.
   */
  itsme: ItsmeConfig | null;
  /**
   * The port community system (issue 14 item 1): PCS_URL with PCS_USERNAME and PCS_PASSWORD.
   * Null: outside production the portal runs its own stand-in PCS (on PCS_STAND_IN_PORT, any
   * free port by default); in production the PCS actions are unavailable.
   */
  pcs: PcsConfig | null;
  /** How long the PCS may take to answer (PCS_TIMEOUT_MS, default 10 s) before it is retried. */
  pcsTimeoutMs: number;
  pcsStandInPort: number;
}

export interface PcsConfig {
  url: string;
  username: string;
  password: string;
}

export interface ItsmeConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes asked for; `openid profile` unless ITSME_SCOPE says otherwise. */
  scope: string;
}

/** A bad environment value; the message is one line meant for the operator. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Reads the configuration from environment variables; throws ConfigError on a bad value. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const port = integer('PORT', get('PORT'), 3030, 0, 65535);
  const nodeEnv = get('NODE_ENV');
  const appEnv = get('APP_ENV');
  const production = nodeEnv === 'production' || appEnv === 'production';
  const path = (value: string) => (isAbsolute(value) ? value : resolve(cwd, value));
  const logLevel = get('LOG_LEVEL')?.toLowerCase() ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevel}").`);
  }
  return {
    port,
    host: get('HOST') ?? '0.0.0.0',
    dataDir: path(get('DATA_DIR') ?? './data'),
    databaseUrl: url('DATABASE_URL', get('DATABASE_URL'), ['postgres:', 'postgresql:']),
    pgliteSharedBuffersMb: integer(
      'PGLITE_SHARED_BUFFERS_MB',
      get('PGLITE_SHARED_BUFFERS_MB'),
      // PostgreSQL's own default, which PGlite keeps.
      128,
      1,
      1024,
    ),
    databasePoolMax: integer(
      'DATABASE_POOL_MAX',
      get('DATABASE_POOL_MAX'),
      defaultDatabasePoolMax(availableParallelism()),
      1,
      500,
    ),
    redisUrl: url('REDIS_URL', get('REDIS_URL'), ['redis:', 'rediss:']),
    publicUrl: (
      url('PUBLIC_URL', get('PUBLIC_URL'), ['http:', 'https:']) ?? `http://localhost:${port}`
    ).replace(/\/+$/, ''),
    environment: appEnv ?? nodeEnv ?? 'development',
    production,
    demoData: !production && boolean('DEMO_DATA', get('DEMO_DATA'), true),
    smtp: smtpConfig(get),
    logLevel: logLevel as LogLevel,
    chatScriptUrl: url('CHAT_SCRIPT_URL', get('CHAT_SCRIPT_URL'), ['http:', 'https:']),
    analyticsScriptUrl: url('ANALYTICS_SCRIPT_URL', get('ANALYTICS_SCRIPT_URL'), [
      'http:',
      'https:',
    ]),
    webDist: path(get('WEB_DIST') ?? defaultWebDist),
    authSecret: authSecret(get('AUTH_SECRET'), production && !!get('DATABASE_URL')),
    supportEmail: email('SUPPORT_EMAIL', get('SUPPORT_EMAIL')),
    serverPrivateKey: serverPrivateKey(
      get('SERVER_PRIVATE_KEY'),
      production && !!get('DATABASE_URL'),
    ),
    expiryJobIntervalMs: integer(
      'EXPIRY_JOB_INTERVAL_MS',
      get('EXPIRY_JOB_INTERVAL_MS'),
      3_600_000,
      0,
      2_147_483_647,
    ),
    ledgerCheckpointIntervalMs: integer(
      'LEDGER_CHECKPOINT_INTERVAL_MS',
      get('LEDGER_CHECKPOINT_INTERVAL_MS'),
      60_000,
      0,
      2_147_483_647,
    ),
    sessionMaxHours: integer('SESSION_MAX_HOURS', get('SESSION_MAX_HOURS'), 12, 1, 168),
    signInCallsPerIpPerMinute: integer(
      'SIGN_IN_CALLS_PER_IP_PER_MINUTE',
      get('SIGN_IN_CALLS_PER_IP_PER_MINUTE'),
      signInLimits.callsPerClient.limit,
      1,
      100_000,
    ),
    signInLookupsPerAccount: integer(
      'SIGN_IN_LOOKUPS_PER_ACCOUNT',
      get('SIGN_IN_LOOKUPS_PER_ACCOUNT'),
      signInLimits.lookupsPerAccountAndClient.limit,
      1,
      100_000,
    ),
    trustProxy: trustProxy(get('TRUST_PROXY')),
    itsme: itsmeConfig(get),
    pcs: pcsConfig(get),
    pcsTimeoutMs: integer('PCS_TIMEOUT_MS', get('PCS_TIMEOUT_MS'), 10_000, 100, 300_000),
    pcsStandInPort: integer('PCS_STAND_IN_PORT', get('PCS_STAND_IN_PORT'), 0, 0, 65535),
  };
}

function trustProxy(raw: string | undefined): TrustProxy | null {
  if (raw === undefined) return null;
  try {
    return parseTrustProxy(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/**
 * DATABASE_POOL_MAX's default on a machine of `cores` cores: twice the cores, from 4 to 10.
 * Node runs a request's JavaScript on one core and waits on PostgreSQL for the rest, so a few
 * statements in flight per core keep both busy; more only queue inside PostgreSQL, each
 * connection a backend process of its own. The ceiling of 10 (what Knex gave before) keeps
 * N instances inside PostgreSQL's own limit, `max_connections` 100 by default with 3 reserved
 * for superusers: 8 instances of 10 leave room for migrations, backups and psql. The start
 * warns when one instance's pool alone passes the server's limit (db/pool-limit.ts).
 */
export function defaultDatabasePoolMax(cores: number): number {
  return Math.min(10, Math.max(4, 2 * cores));
}

function pcsConfig(get: (name: string) => string | undefined): PcsConfig | null {
  const address = url('PCS_URL', get('PCS_URL'), ['http:', 'https:']);
  const username = get('PCS_USERNAME');
  const password = get('PCS_PASSWORD');
  if (address === null) {
    if (username || password) {
      throw new ConfigError('PCS_USERNAME or PCS_PASSWORD is set but PCS_URL is not.');
    }
    return null;
  }
  if (!username || !password) {
    throw new ConfigError('PCS_USERNAME and PCS_PASSWORD are required with PCS_URL.');
  }
  return { url: address.replace(/\/+$/, ''), username, password };
}

function serverPrivateKey(raw: string | undefined, required: boolean): string | null {
  if (raw === undefined) {
    if (required) {
      throw new ConfigError(
        'SERVER_PRIVATE_KEY is required in production with DATABASE_URL, so every instance signs the ledger with the same key.',
      );
    }
    return null;
  }
  // Never echo the value: it is a private key.
  if (!/^0x[0-9a-fA-F]{64}$/.test(raw)) {
    throw new ConfigError('SERVER_PRIVATE_KEY must be 0x followed by 64 hexadecimal digits.');
  }
  return raw;
}

function email(name: string, raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (!/^[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+$/.test(raw)) {
    throw new ConfigError(`${name} must be an e-mail address (got "${raw}").`);
  }
  return raw;
}

function authSecret(raw: string | undefined, required: boolean): string | null {
  if (raw === undefined) {
    if (required) {
      throw new ConfigError(
        'AUTH_SECRET is required in production with DATABASE_URL, so every instance signs tokens alike.',
      );
    }
    return null;
  }
  if (raw.length < 32) throw new ConfigError('AUTH_SECRET must be at least 32 characters long.');
  // Never echo the value: it is the secret.
  const weakness = secretWeakness(raw);
  if (weakness) {
    throw new ConfigError(
      `AUTH_SECRET is too weak: it ${weakness}. Use a long random value (e.g. openssl rand -base64 48).`,
    );
  }
  return raw;
}

/** Fewer different characters than this makes a secret weak, however long. */
export const minSecretDistinctCharacters = 10;
const placeholderWords = [
  'secret',
  'password',
  'changeme',
  'example',
  'default',
  'letmein',
  'qwerty',
];

/**
 * Why a secret of sufficient length is still weak (issue 9 §6), or null: few distinct
 * characters, a repeated shorter pattern, mostly a run of consecutive characters (abcd…, 1234…),
 * or a placeholder word. A random value (hex or base64 of 24 bytes or more) passes.
 */
export function secretWeakness(secret: string): string | null {
  if (new Set(secret).size < minSecretDistinctCharacters) {
    return `has fewer than ${minSecretDistinctCharacters} different characters`;
  }
  for (let period = 1; period <= secret.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < secret.length && repeats; i++)
      repeats = secret[i] === secret[i - period];
    if (repeats) return 'repeats a shorter pattern';
  }
  let steps = 0;
  for (let i = 1; i < secret.length; i++) {
    if (Math.abs(secret.charCodeAt(i) - secret.charCodeAt(i - 1)) === 1) steps++;
  }
  if (steps >= secret.length / 2) return 'is mostly a run of consecutive characters';
  const lower = secret.toLowerCase();
  if (placeholderWords.some((word) => lower.includes(word))) {
    return 'contains a placeholder word such as "secret" or "changeme"';
  }
  return null;
}

function itsmeConfig(get: (name: string) => string | undefined): ItsmeConfig | null {
  const issuerUrl = url('ITSME_ISSUER_URL', get('ITSME_ISSUER_URL'), ['http:', 'https:']);
  if (issuerUrl === null) {
    const stray = ['ITSME_CLIENT_ID', 'ITSME_CLIENT_SECRET', 'ITSME_SCOPE'].find(get);
    if (stray) throw new ConfigError(`${stray} is set but ITSME_ISSUER_URL is not.`);
    return null;
  }
  const clientId = get('ITSME_CLIENT_ID');
  const clientSecret = get('ITSME_CLIENT_SECRET');
  if (!clientId || !clientSecret) {
    throw new ConfigError(
      'ITSME_CLIENT_ID and ITSME_CLIENT_SECRET are required with ITSME_ISSUER_URL.',
    );
  }
  const scope = get('ITSME_SCOPE') ?? 'openid profile';
  if (!scope.split(/\s+/).includes('openid')) {
    throw new ConfigError(`ITSME_SCOPE must include openid (got "${scope}").`);
  }
  return { issuerUrl: issuerUrl.replace(/\/+$/, ''), clientId, clientSecret, scope };
}

function smtpConfig(get: (name: string) => string | undefined): SmtpConfig | null {
  const host = get('SMTP_HOST');
  if (!host) {
    const stray = ['SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_FROM', 'SMTP_SECURE'].find(get);
    if (stray) throw new ConfigError(`${stray} is set but SMTP_HOST is not.`);
    return null;
  }
  const secure = boolean('SMTP_SECURE', get('SMTP_SECURE'), false);
  const user = get('SMTP_USER') ?? null;
  const password = get('SMTP_PASSWORD') ?? null;
  if ((user === null) !== (password === null)) {
    throw new ConfigError('SMTP_USER and SMTP_PASSWORD must be set together.');
  }
  const from = get('SMTP_FROM');
  if (!from || !/^[^<>\s@]+@[^<>\s@]+$|<[^<>\s@]+@[^<>\s@]+>$/.test(from)) {
    throw new ConfigError(
      `SMTP_FROM must be an e-mail address such as "Portal <no-reply@example.com>" (got "${from ?? ''}").`,
    );
  }
  const port = integer('SMTP_PORT', get('SMTP_PORT'), secure ? 465 : 587, 1, 65535);
  return { host, port, secure, user, password, from };
}

function integer(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}

function boolean(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

function url(name: string, raw: string | undefined, protocols: string[]): string | null {
  if (raw === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL.`);
  }
  if (!protocols.includes(parsed.protocol)) {
    const allowed = protocols.map((p) => `${p}//`).join(' or ');
    throw new ConfigError(`${name} must start with ${allowed} (got "${parsed.protocol}//").`);
  }
  return raw;
}
