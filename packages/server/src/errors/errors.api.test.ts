import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, randomAddress } from '../test/factories.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { useTestService } from '../test/test-service.ts';
import { mapError } from './map-error.ts';

describe('error answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestApp();
    const { app, knex } = server.portal;
    // Test-only services: one that inserts an organisation, one that fails unexpectedly.
    useTestService(app, 'test-organizations', {
      async create(data: { address: string }) {
        const [row] = await knex('organizations')
          .insert({ name: 'Duplicate Test NV', role: 'other', address: data.address })
          .returning(['id', 'address']);
        return row;
      },
    });
    useTestService(app, 'test-failures', {
      async find() {
        throw new Error('select * from secret_table where pincode = 1234');
      },
    });
  });
  afterAll(() => server?.stop());

  const post = (path: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers an unknown /api path with 404 not_found as JSON, without a stack', async () => {
    const response = await fetch(`${server.baseUrl}/api/no-such-service`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = await response.json();
    expect(body).toEqual({
      name: 'NotFound',
      message: 'Not found.',
      code: 404,
      className: 'not-found',
      data: { code: 'not_found', key: 'backend.error.not_found' },
    });
    expect(JSON.stringify(body)).not.toMatch(/stack|at /);
  });

  it('maps a real unique violation from the database to 409 already_exists', async () => {
    const org = await createOrganization(server.knex);
    const failure = await createOrganization(server.knex, { address: org.address }).catch(
      (error: unknown) => error,
    );
    expect((failure as { code?: string }).code).toBe('23505');
    const { error } = mapError(failure);
    expect(error.toJSON()).toEqual({
      name: 'Conflict',
      message: 'This already exists.',
      code: 409,
      className: 'conflict',
      data: { code: 'already_exists', key: 'backend.error.already_exists' },
    });
  });

  it('answers a duplicate over HTTP with 409 and a clean message', async () => {
    const address = randomAddress();
    expect((await post('/api/test-organizations', { address })).status).toBe(201);
    const response = await post('/api/test-organizations', { address });
    expect(response.status).toBe(409);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      message: 'This already exists.',
      data: { code: 'already_exists' },
    });
    expect(text).not.toMatch(/insert|organizations_address_unique|duplicate key|constraint/i);
  });

  it('answers a duplicate over socket.io with the same error', async () => {
    const address = randomAddress();
    await post('/api/test-organizations', { address });
    const socket = io(server.baseUrl, { transports: ['websocket'], forceNew: true });
    try {
      const [error] = await new Promise<unknown[]>((resolve) =>
        socket.emit('create', 'test-organizations', { address }, {}, (...args: unknown[]) =>
          resolve(args),
        ),
      );
      expect(error).toEqual({
        name: 'Conflict',
        message: 'This already exists.',
        code: 409,
        className: 'conflict',
        data: { code: 'already_exists', key: 'backend.error.already_exists' },
      });
    } finally {
      socket.disconnect();
    }
  });

  it('answers anything unexpected with 500 internal, never the cause', async () => {
    const response = await fetch(`${server.baseUrl}/api/test-failures`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: 500, data: { code: 'internal' } });
    expect(text).not.toMatch(/secret_table|pincode|stack/);
  });

  it('answers unparseable JSON with 400 bad_request', async () => {
    const response = await fetch(`${server.baseUrl}/api/test-organizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"address": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ data: { code: 'bad_request' } });
  });
});
