// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The boundaries of ARCHITECTURE.md as lint rules (issue 10 §6): web never imports server or
 * wallet, wallet never imports server or web, domain imports no `node:*` module and no I/O
 * package, and inside the web `ui/` sits below `features/`, which sits below `app/`. One
 * `no-restricted-imports` per folder, since a later block replaces an earlier block's options.
 * `packages/server/src/boundaries.test.ts` proves each one fails on a forbidden import.
 */
function boundaries() {
  const package_ = (name, message) => ({
    group: [name, `${name}/*`],
    message,
  });
  const intoPackage = (name, message) => ({
    regex: `(^|/)packages/${name}(/|$)|^(\\.\\./)+${name}/src(/|$)`,
    message,
  });
  const web = [
    package_('@scr/server', 'The web talks to the server over HTTP only (ARCHITECTURE.md).'),
    package_('@scr/wallet', 'The web talks to the ID wallet over HTTP only (ARCHITECTURE.md).'),
    intoPackage('server', 'The web may not import server code (ARCHITECTURE.md).'),
    intoPackage('wallet', 'The web may not import wallet code (ARCHITECTURE.md).'),
  ];
  const upInto = (folders) => `^(\\.\\./)+(${folders.join('|')})/`;
  const featuresRule = {
    regex: upInto(['app']),
    message: 'features/ sits below app/: move what both need to ui/ (ARCHITECTURE.md).',
  };
  const uiRule = {
    regex: upInto(['app', 'features']),
    message: 'ui/ sits below app/ and features/ and imports neither (ARCHITECTURE.md).',
  };
  const io = [
    'node:*',
    ...[
      'assert',
      'async_hooks',
      'buffer',
      'child_process',
      'cluster',
      'crypto',
      'dgram',
      'dns',
      'events',
      'fs',
      'fs/*',
      'http',
      'http2',
      'https',
      'net',
      'os',
      'path',
      'path/*',
      'perf_hooks',
      'process',
      'readline',
      'stream',
      'stream/*',
      'timers',
      'timers/*',
      'tls',
      'url',
      'util',
      'util/*',
      'v8',
      'vm',
      'worker_threads',
      'zlib',
    ],
    'knex',
    'pg',
    'pg-*',
    '@electric-sql/*',
    'ioredis',
    'redis',
    '@feathersjs/*',
    'koa',
    'koa-*',
    '@koa/*',
    'socket.io',
    'socket.io-*',
    'nodemailer',
    'pino',
    'pino-*',
    'undici',
    'ws',
    'axios',
    'libsodium-wrappers',
    'libsodium-wrappers-*',
    'dotenv',
  ];
  const rule = (patterns) => ['error', { patterns }];
  return [
    {
      files: ['packages/web/**/*.{ts,tsx}'],
      rules: { 'no-restricted-imports': rule(web) },
    },
    {
      files: ['packages/web/src/features/**/*.{ts,tsx}'],
      // A test may render the whole app (its providers and routes) around a feature.
      ignores: ['**/*.test.{ts,tsx}'],
      rules: { 'no-restricted-imports': rule([...web, featuresRule]) },
    },
    {
      files: ['packages/web/src/ui/**/*.{ts,tsx}'],
      rules: { 'no-restricted-imports': rule([...web, uiRule]) },
    },
    {
      files: ['packages/wallet/**/*.ts'],
      rules: {
        'no-restricted-imports': rule([
          package_('@scr/server', 'The wallet may not import the server (ARCHITECTURE.md).'),
          package_('@scr/web', 'The wallet may not import the web (ARCHITECTURE.md).'),
          intoPackage('server', 'The wallet may not import server code (ARCHITECTURE.md).'),
          intoPackage('web', 'The wallet may not import web code (ARCHITECTURE.md).'),
        ]),
      },
    },
    {
      files: ['packages/domain/**/*.ts'],
      rules: {
        'no-restricted-imports': rule([
          {
            group: io,
            message: 'domain is pure TypeScript without I/O: no node:* module, no I/O package.',
          },
          {
            group: ['@scr/*'],
            message: 'domain sits at the bottom: it imports no other package of the portal.',
          },
          ...['server', 'wallet', 'web'].map((name) =>
            intoPackage(name, 'domain sits at the bottom: it imports no other package.'),
          ),
        ]),
      },
    },
    {
      // docs/ledger.md, "Evidence bundles": the standalone verifier trusts no server and needs no
      // network or database: domain (and ethers) only, and the file system for the bundle it reads.
      files: ['packages/evidence-verifier/**/*.ts'],
      rules: {
        'no-restricted-imports': rule([
          {
            group: ['@scr/*', '!@scr/domain'],
            message:
              'The evidence verifier depends on @scr/domain only (docs/ledger.md, "Evidence bundles").',
          },
          ...['server', 'wallet', 'web'].map((name) =>
            intoPackage(name, 'The evidence verifier depends on @scr/domain only.'),
          ),
          {
            group: io.filter((name) => !['node:*', 'fs', 'fs/*', 'path', 'path/*'].includes(name)),
            message: 'The evidence verifier works offline: no network, database or server package.',
          },
          {
            group: [
              'node:*',
              '!node:fs',
              '!node:fs/promises',
              '!node:path',
              '!node:os',
              '!node:url',
            ],
            message: 'The evidence verifier reads files only: no network or process of its own.',
          },
        ]),
      },
    },
    {
      files: ['e2e/tests/**/*.ts'],
      rules: {
        'no-restricted-imports': rule([
          {
            group: ['@playwright/test'],
            importNames: ['test'],
            message:
              "Journeys take `test` from '../support/test.ts': it points each worker at its own portal.",
          },
        ]),
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...boundaries(),
  {
    // Command-line entry points and test harnesses talk to a person on the terminal.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', '**/scripts/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
