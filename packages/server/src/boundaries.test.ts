import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The package boundaries of ARCHITECTURE.md are lint rules (`eslint.config.js`, `boundaries()`);
 * this proves they bite: ESLint's own API lints a forbidden import as if it sat in a file of
 * that package, and must report `no-restricted-imports`.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function boundaryMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

const forbidden: { rule: string; file: string; code: string }[] = [
  {
    rule: 'a journey takes test from e2e/support/test.ts (its own portal per worker)',
    file: 'e2e/tests/x.spec.ts',
    code: "import { test as x } from '@playwright/test';",
  },
  {
    rule: 'web may not import the server package',
    file: 'packages/web/src/features/login/x.ts',
    code: "import { x } from '@scr/server';",
  },
  {
    rule: 'web may not import the wallet package',
    file: 'packages/web/src/app/x.ts',
    code: "import { x } from '@scr/wallet/src/operations.ts';",
  },
  {
    rule: 'web may not reach into the server by a relative path',
    file: 'packages/web/src/features/releases/x.ts',
    code: "import { x } from '../../../../server/src/app.ts';",
  },
  {
    rule: 'web may not reach into the wallet by a relative path',
    file: 'packages/web/src/ui/x.ts',
    code: "import { x } from '../../../wallet/src/keys.ts';",
  },
  {
    rule: 'wallet may not import the server',
    file: 'packages/wallet/src/x.ts',
    code: "import { x } from '@scr/server';",
  },
  {
    rule: 'domain may not import a node: module',
    file: 'packages/domain/src/releases/x.ts',
    code: "import { readFileSync as x } from 'node:fs';",
  },
  {
    rule: 'domain may not import a bare Node module',
    file: 'packages/domain/src/x.ts',
    code: "import { createHash as x } from 'crypto';",
  },
  {
    rule: 'domain may not import a database driver',
    file: 'packages/domain/src/x.ts',
    code: "import x from 'knex';",
  },
  {
    rule: 'domain may not import pg',
    file: 'packages/domain/src/x.ts',
    code: "import x from 'pg';",
  },
  {
    rule: 'domain may not import Feathers',
    file: 'packages/domain/src/x.ts',
    code: "import { feathers as x } from '@feathersjs/feathers';",
  },
  {
    rule: 'domain may not import another package of the portal',
    file: 'packages/domain/src/x.ts',
    code: "import { x } from '@scr/wallet';",
  },
  {
    rule: 'the evidence verifier may not import the server',
    file: 'packages/evidence-verifier/src/x.ts',
    code: "import { x } from '@scr/server';",
  },
  {
    rule: 'the evidence verifier may not reach into the server by a relative path',
    file: 'packages/evidence-verifier/src/x.ts',
    code: "import { x } from '../../server/src/ledger/ledger.ts';",
  },
  {
    rule: 'the evidence verifier may not open a connection',
    file: 'packages/evidence-verifier/src/x.ts',
    code: "import { request as x } from 'node:https';",
  },
  {
    rule: 'the evidence verifier may not open a database',
    file: 'packages/evidence-verifier/src/x.ts',
    code: "import x from 'pg';",
  },
  {
    rule: 'features/ may not import app/',
    file: 'packages/web/src/features/admin/common/x.ts',
    code: "import { x } from '../../../app/providers.tsx';",
  },
  {
    rule: 'ui/ may not import features/',
    file: 'packages/web/src/ui/snackbar/x.ts',
    code: "import { x } from '../../features/session/session-context.tsx';",
  },
  {
    rule: 'ui/ may not import app/',
    file: 'packages/web/src/ui/x.ts',
    code: "import { x } from '../app/theme.ts';",
  },
];

describe('issue 10 §6: the boundaries are a lint rule that fails on a forbidden import', () => {
  it.each(forbidden)('$rule', async ({ file, code }) => {
    const messages = await boundaryMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.severity).toBe(2);
  });

  it('allowed imports pass: domain from web, ui/ from features/, features/ from app/', async () => {
    expect(
      await boundaryMessages('packages/web/src/features/x.ts', "import { x } from '@scr/domain';"),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        'packages/web/src/features/gates/x.ts',
        "import { x } from '../../ui/snackbar/snackbar-context.ts';",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages(
        'packages/web/src/app/x.ts',
        "import { x } from '../features/session/session-context.tsx';",
      ),
    ).toEqual([]);
    expect(
      await boundaryMessages('packages/domain/src/x.ts', "import { x } from 'ethers';"),
    ).toEqual([]);
    expect(
      await boundaryMessages('packages/server/src/x.ts', "import { x } from 'node:fs';"),
    ).toEqual([]);
    for (const allowed of ["'@scr/domain'", "'ethers'", "'node:fs/promises'"]) {
      expect(
        await boundaryMessages(
          'packages/evidence-verifier/src/x.ts',
          `import { x } from ${allowed};`,
        ),
      ).toEqual([]);
    }
  });
});
