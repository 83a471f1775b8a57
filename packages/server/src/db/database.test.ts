import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { seedDataDir, tempDir } from '../test/start-app.ts';
import { openDatabase } from './database.ts';

describe('the embedded database', () => {
  it('takes the shared buffers PGLITE_SHARED_BUFFERS_MB asks for', async () => {
    const dataDir = seedDataDir(tempDir('scr-database-'));
    const config = loadConfig({ DATA_DIR: dataDir, PGLITE_SHARED_BUFFERS_MB: '24' });
    const database = openDatabase(config, createLogger('silent'));
    try {
      const { rows } = await database.knex.raw<{ rows: Array<{ shared_buffers: string }> }>(
        'show shared_buffers',
      );
      expect(database.kind).toBe('pglite');
      expect(rows[0]?.shared_buffers).toBe('24MB');
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
