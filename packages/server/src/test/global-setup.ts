import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A fresh PostgreSQL database for this run (TEST_DB=postgres), else null: PGlite. */
    testDatabaseUrl: string | null;
  }
}

/**
 * For the api-postgres project, creates a fresh database on TEST_DATABASE_URL's server (so runs
 * never see each other's rows) and drops it when the run ends. Other projects use PGlite.
 */
export default async function setup(project: TestProject) {
  const testDb = project.config.env?.TEST_DB ?? process.env.TEST_DB;
  if (testDb !== 'postgres') {
    project.provide('testDatabaseUrl', null);
    return undefined;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `scr_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide('testDatabaseUrl', url.toString());
  return async () => {
    await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  };
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
