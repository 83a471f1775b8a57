import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import {
  ConfigError,
  defaultDatabasePoolMax,
  loadConfig,
  secretWeakness,
  type Config,
} from './config.ts';

const cwd = '/srv/portal';
const serverKey = `0x${'ab'.repeat(32)}`;
const strongSecret = 'k7Qm2vX9pL4rT8wZ3nB6yH1cF5jD0sGa';

describe('loadConfig', () => {
  it('has working defaults for `npm start` with no configuration', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3030,
      host: '0.0.0.0',
      dataDir: '/srv/portal/data',
      databaseUrl: null,
      redisUrl: null,
      publicUrl: 'http://localhost:3030',
      environment: 'development',
      production: false,
      demoData: true,
      smtp: null,
      logLevel: 'info',
      chatScriptUrl: null,
      analyticsScriptUrl: null,
    });
    expect(config.webDist).toMatch(/packages\/web\/dist$/);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/portal',
        DATABASE_URL: 'postgres://portal:secret@db:5432/portal',
        REDIS_URL: 'redis://cache:6379',
        PUBLIC_URL: 'https://release.example.com/',
        APP_ENV: 'staging',
        LOG_LEVEL: 'DEBUG',
        CHAT_SCRIPT_URL: 'https://chat.example.com/widget.js',
        ANALYTICS_SCRIPT_URL: 'https://stats.example.com/a.js',
        WEB_DIST: 'web',
        SMTP_HOST: 'smtp.example.com',
        SMTP_SECURE: 'true',
        SMTP_USER: 'mailer',
        SMTP_PASSWORD: 'pw',
        SMTP_FROM: 'Portal <no-reply@example.com>',
      },
      cwd,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://portal:secret@db:5432/portal',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://release.example.com',
      environment: 'staging',
      production: false,
      logLevel: 'debug',
      chatScriptUrl: 'https://chat.example.com/widget.js',
      webDist: '/srv/portal/web',
      smtp: {
        host: 'smtp.example.com',
        port: 465,
        secure: true,
        user: 'mailer',
        password: 'pw',
        from: 'Portal <no-reply@example.com>',
      },
    });
  });

  it('disables demo data in production (NODE_ENV or APP_ENV)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, cwd)).toMatchObject({
      production: true,
      demoData: false,
      environment: 'production',
    });
    expect(loadConfig({ NODE_ENV: 'production', APP_ENV: 'acceptance' }, cwd)).toMatchObject({
      demoData: false,
      environment: 'acceptance',
    });
    expect(loadConfig({ APP_ENV: 'production' }, cwd).demoData).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }, cwd)).toMatchObject({
      port: 3030,
      databaseUrl: null,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc").'],
    [{ PORT: '70000' }, 'PORT must be a whole number'],
    [{ PORT: '30.5' }, 'PORT must be a whole number'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL is not a valid URL.'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL must start with redis:// or rediss://'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL must start with http:// or https://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ SMTP_PORT: '25' }, 'SMTP_PORT is set but SMTP_HOST is not.'],
    [{ SMTP_HOST: 'smtp', SMTP_FROM: 'x@y.z', SMTP_USER: 'u' }, 'must be set together'],
    [{ SMTP_HOST: 'smtp', SMTP_FROM: 'nobody' }, 'SMTP_FROM must be an e-mail address'],
    [{ SMTP_HOST: 'smtp', SMTP_FROM: 'a@b.c', SMTP_SECURE: 'maybe' }, 'SMTP_SECURE must be'],
    [{ SMTP_HOST: 'smtp', SMTP_FROM: 'a@b.c', SMTP_PORT: 'x' }, 'SMTP_PORT must be'],
  ])('refuses %j with one clear line', (env, message) => {
    expect(() => loadConfig(env, cwd)).toThrow(ConfigError);
    expect(() => loadConfig(env, cwd)).toThrow(message);
    try {
      loadConfig(env, cwd);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('takes AUTH_SECRET and SUPPORT_EMAIL, and refuses weak or malformed ones', () => {
    const secret = strongSecret;
    expect(
      loadConfig({ AUTH_SECRET: secret, SUPPORT_EMAIL: 'help@portal.example' }, cwd),
    ).toMatchObject({
      authSecret: secret,
      supportEmail: 'help@portal.example',
    });
    expect(loadConfig({}, cwd)).toMatchObject({ authSecret: null, supportEmail: null });
    expect(() => loadConfig({ AUTH_SECRET: 'short' }, cwd)).toThrow(/at least 32/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' }, cwd)).toThrow(ConfigError);
  });

  it('requires AUTH_SECRET in production on PostgreSQL, so every instance signs tokens alike', () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/portal',
      SERVER_PRIVATE_KEY: serverKey,
    };
    expect(() => loadConfig(env, cwd)).toThrow(/AUTH_SECRET is required/);
    expect(loadConfig({ ...env, AUTH_SECRET: strongSecret }, cwd).authSecret).toBe(strongSecret);
  });

  it('requires SERVER_PRIVATE_KEY in production on PostgreSQL, so every instance signs the ledger alike (DESIGN §3)', () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/portal',
      AUTH_SECRET: strongSecret,
    };
    expect(() => loadConfig(env, cwd)).toThrow(/SERVER_PRIVATE_KEY is required/);
    expect(loadConfig({ ...env, SERVER_PRIVATE_KEY: serverKey }, cwd).serverPrivateKey).toBe(
      serverKey,
    );
    expect(loadConfig({}, cwd).serverPrivateKey).toBeNull();
    const bad = `0x${'z'.repeat(64)}`;
    expect(() => loadConfig({ SERVER_PRIVATE_KEY: bad }, cwd)).toThrow(/^(?!.*zzzz).*64 hex/);
  });

  it.each([
    ['s'.repeat(40), 'fewer than 10 different characters'],
    ['abcdabcdabcdabcdabcdabcdabcdabcd', 'fewer than 10 different characters'],
    ['0123456789abcdef'.repeat(3), 'repeats a shorter pattern'],
    ['abcdefghijklmnopqrstuvwxyz0123456789', 'mostly a run of consecutive characters'],
    ['my-Super-Secret-Key-For-JWT-2024!', 'placeholder word'],
    ['PleaseChangeMe-7f3k9Q2xL8vB1nR4tY6', 'placeholder word'],
  ])(
    'issue 9 §6: refuses a weak AUTH_SECRET (%s), not only a short one, without echoing it',
    (secret, reason) => {
      expect(() => loadConfig({ AUTH_SECRET: secret }, cwd)).toThrow(ConfigError);
      expect(() => loadConfig({ AUTH_SECRET: secret }, cwd)).toThrow(reason);
      try {
        loadConfig({ AUTH_SECRET: secret }, cwd);
      } catch (error) {
        expect((error as Error).message).toMatch(/^AUTH_SECRET is too weak: /);
        expect((error as Error).message).not.toContain(secret);
      }
    },
  );

  it('issue 9 §6: takes random secrets in hex and base64', () => {
    for (let i = 0; i < 50; i++) {
      for (const secret of [
        randomBytes(24).toString('hex'),
        randomBytes(24).toString('base64'),
        randomBytes(48).toString('base64url'),
      ]) {
        expect(secretWeakness(secret)).toBeNull();
      }
    }
  });

  /** A whole-number setting: its default, a value it takes, values it refuses with its name. */
  for (const { what, name, read, fallback, good, bad } of [
    {
      what: 'issue 9 §6: a session lasts SESSION_MAX_HOURS (12 by default, 1 to 168)',
      name: 'SESSION_MAX_HOURS',
      read: (config: Config) => config.sessionMaxHours,
      fallback: 12,
      good: 8,
      bad: ['0', '169', '1.5', 'forever'],
    },
    {
      what: "the embedded database's shared buffers: PostgreSQL's 128 MB unless PGLITE_SHARED_BUFFERS_MB says otherwise (1 to 1024)",
      name: 'PGLITE_SHARED_BUFFERS_MB',
      read: (config: Config) => config.pgliteSharedBuffersMb,
      fallback: 128,
      good: 16,
      bad: ['0', '1025', '16MB', '-1'],
    },
    {
      what: 'issue 3 item 8: sign-in calls per client address and minute, SIGN_IN_CALLS_PER_IP_PER_MINUTE (60 by default)',
      name: 'SIGN_IN_CALLS_PER_IP_PER_MINUTE',
      read: (config: Config) => config.signInCallsPerIpPerMinute,
      fallback: 60,
      good: 600,
      bad: ['0', '100001', '60/min', '1e3'],
    },
    {
      what: 'issue 3 item 8, issue 42 item 2: e-mail lookups per account, client and five minutes, SIGN_IN_LOOKUPS_PER_ACCOUNT (30 by default)',
      name: 'SIGN_IN_LOOKUPS_PER_ACCOUNT',
      read: (config: Config) => config.signInLookupsPerAccount,
      fallback: 30,
      good: 300,
      bad: ['0', '100001', 'many', '-30'],
    },
  ]) {
    it(what, () => {
      expect(read(loadConfig({}, cwd))).toBe(fallback);
      expect(read(loadConfig({ [name]: String(good) }, cwd))).toBe(good);
      for (const value of bad) {
        expect(() => loadConfig({ [name]: value }, cwd)).toThrow(`${name} must be`);
      }
    });
  }

  it('issue 42 item 3: trusts no proxy unless TRUST_PROXY names them, by hop count or list', () => {
    expect(loadConfig({}, cwd).trustProxy).toBeNull();
    expect(loadConfig({ TRUST_PROXY: '1' }, cwd).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5, fd00::/8 ' }, cwd).trustProxy).toEqual({
      proxies: [
        { address: '10.0.0.5', prefix: 32, family: 'ipv4' },
        { address: 'fd00::', prefix: 8, family: 'ipv6' },
      ],
    });
    for (const bad of ['true', '0', '10.0.0.0/40', 'proxy.internal']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }, cwd)).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad }, cwd)).toThrow(/^TRUST_PROXY must be/);
    }
  });

  it('issue 42 item 8: DATABASE_POOL_MAX, by default twice the cores from 4 to 10 (1 to 500)', () => {
    expect(loadConfig({}, cwd).databasePoolMax).toBe(
      defaultDatabasePoolMax(availableParallelism()),
    );
    expect([1, 2, 3, 4, 5, 8, 64].map(defaultDatabasePoolMax)).toEqual([4, 4, 6, 8, 10, 10, 10]);
    expect(loadConfig({ DATABASE_POOL_MAX: '25' }, cwd).databasePoolMax).toBe(25);
    for (const value of ['0', '501', 'ten', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: value }, cwd)).toThrow(
        'DATABASE_POOL_MAX must be a whole number from 1 to 500',
      );
    }
  });

  it('runs the expiry job hourly unless EXPIRY_JOB_INTERVAL_MS says otherwise (0: off)', () => {
    expect(loadConfig({}, cwd).expiryJobIntervalMs).toBe(3_600_000);
    expect(loadConfig({ EXPIRY_JOB_INTERVAL_MS: '0' }, cwd).expiryJobIntervalMs).toBe(0);
    expect(() => loadConfig({ EXPIRY_JOB_INTERVAL_MS: 'soon' }, cwd)).toThrow(ConfigError);
  });

  it('issue 14 item 1: the PCS by PCS_URL with its credentials, else the stand-in; its timeout', () => {
    expect(loadConfig({}, cwd)).toMatchObject({
      pcs: null,
      pcsTimeoutMs: 10_000,
      pcsStandInPort: 0,
    });
    expect(
      loadConfig(
        { PCS_URL: 'https://pcs.example/api/', PCS_USERNAME: 'scr', PCS_PASSWORD: 's3cret' },
        cwd,
      ).pcs,
    ).toEqual({ url: 'https://pcs.example/api', username: 'scr', password: 's3cret' });
    expect(() => loadConfig({ PCS_URL: 'https://pcs.example' }, cwd)).toThrow(
      /PCS_USERNAME and PCS_PASSWORD are required/,
    );
    expect(() => loadConfig({ PCS_USERNAME: 'scr' }, cwd)).toThrow(/PCS_URL is not/);
    expect(() => loadConfig({ PCS_URL: 'ftp://pcs.example' }, cwd)).toThrow(ConfigError);
    expect(loadConfig({ PCS_TIMEOUT_MS: '2500' }, cwd).pcsTimeoutMs).toBe(2500);
    expect(() => loadConfig({ PCS_TIMEOUT_MS: '0' }, cwd)).toThrow(/PCS_TIMEOUT_MS must be/);
  });

  it('never echoes a database URL, which may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@db/x' }, cwd)).toThrow(
      /^(?!.*hunter2)/,
    );
  });
});
