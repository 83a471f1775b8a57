import { noticeReleases } from '@scr/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOrganization } from '../../test/admin-kit.ts';
import { releaseTerminal } from '../../test/factories-releases.ts';
import { releaseListener } from '../../test/sockets.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { waitFor } from '../../test/wait-for.ts';
import { offerCarriers, requestBody, requestCast, type Org } from './requests-test-kit.ts';

/*
 * Issue 12 item 3: the carrier answers a request for release addressed to it by creating the
 * releases (releases spec §3 create payload, §5 validation), which links the request to them;
 * DESIGN §3 "Tenancy": a request of another organisation answers not found.
 */
let server: TestServer;
let carrier: Org;
let requester: Org;
let call: Awaited<ReturnType<typeof requestCast>>['call'];
let terminal: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestApp();
  ({ carrier, requester, call } = await requestCast(server));
  terminal = await releaseTerminal(server.knex);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

/** A request the requester sent to the carrier; answers its id and BL. */
async function sentRequest(to: Org = carrier) {
  const answer = await call(requester, 'requests-for-release', {
    method: 'POST',
    body: requestBody(to),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: number; blNumber: string; containers: string[] };
}

const release = (blNumber: string, containerNumber: string, fields = {}) => ({
  billOfLading: { blNumber },
  container: { containerNumber, pickupLocation: terminal, ...fields },
});
const answerWith = (org: Org, id: number, releases: unknown[]) =>
  call(org, `requests-for-release/${id}`, { method: 'PATCH', body: { releases } });
const linkedReleases = async (id: number) =>
  server.knex('request_for_release_releases').where({ request_id: id }).pluck('release_id');

describe('issue 12 item 3: the carrier answers a request by creating its releases', () => {
  it('creates the releases, links them to the request and marks it answered', async () => {
    const request = await sentRequest();
    const answer = await answerWith(
      carrier,
      request.id,
      request.containers.map((container) => release(request.blNumber, container)),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('answered');
    expect(answer.body.releases.map((r: { containerNumber: string }) => r.containerNumber)).toEqual(
      request.containers,
    );
    // The releases are the carrier's own, like any it creates.
    for (const { address } of answer.body.releases) {
      const created = await call(carrier, `releases/${address}`);
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ blNumber: request.blNumber, transferStatus: 'owned' });
    }
    // The requester sees the answer in its list.
    const sent = await call(requester, `requests-for-release/${request.id}`);
    expect(sent.body).toMatchObject({ status: 'answered', releases: answer.body.releases });
  });

  it('releases spec §4 "Live notifications": the answer’s releases are heard as `create` by whom, like a JSON API create', async () => {
    const listening = await releaseListener(server.baseUrl, sockets, carrier.tokens[1]!);
    expect(listening.error).toBeNull();
    const request = await sentRequest();
    const answer = await answerWith(carrier, request.id, [
      release(request.blNumber, request.containers[0]!),
    ]);
    expect(answer.status).toBe(200);
    await waitFor('the carrier to hear the answer', () => listening.notices.length === 1);
    expect(listening.notices[0]).toMatchObject({
      operation: 'create',
      organizationAddress: carrier.address,
      by: {
        organizationAddress: carrier.address,
        organizationName: carrier.name,
        userId: carrier.users[0]!.id,
      },
    });
    expect(noticeReleases(listening.notices[0]!)).toEqual([
      expect.objectContaining({
        address: answer.body.releases[0].address,
        version: 1,
        status: 'released',
      }),
    ]);
  });

  it('a later answer adds releases to the same request', async () => {
    const request = await sentRequest();
    await answerWith(carrier, request.id, [release(request.blNumber, request.containers[0]!)]);
    const second = await answerWith(carrier, request.id, [
      release(request.blNumber.toLowerCase(), request.containers[1]!),
    ]);
    expect(second.status).toBe(200);
    expect(second.body.releases).toHaveLength(2);
  });

  it('releases spec §5: an invalid release refuses the whole answer; nothing is created or linked', async () => {
    const request = await sentRequest();
    const answer = await answerWith(carrier, request.id, [
      release(request.blNumber, request.containers[0]!),
      release(request.blNumber, request.containers[1]!, { pickupLocation: 'NOPE' }),
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual({
      'releases.1.pickupLocation': 'releases.validation.invalidTerminal',
    });
    expect(await linkedReleases(request.id)).toEqual([]);
    const blReleases = await server.knex('releases').where({ bl_number: request.blNumber });
    expect(blReleases).toEqual([]);
    expect((await call(carrier, `requests-for-release/${request.id}`)).body.status).toBe('open');
  });

  it('each release is for the request’s BL', async () => {
    const request = await sentRequest();
    const answer = await answerWith(carrier, request.id, [release('OTHERBL1', 'MSCU1111113')]);
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual({
      'releases.0.billOfLading.blNumber': 'requestsForRelease.validation.otherBlNumber',
    });
  });

  it('a body that is not of the contract answers validation_failed', async () => {
    const request = await sentRequest();
    for (const body of [{}, { releases: [] }, { releases: [{}], status: 'answered' }]) {
      const answer = await call(carrier, `requests-for-release/${request.id}`, {
        method: 'PATCH',
        body,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.code).toBe('validation_failed');
    }
  });
});

describe('DESIGN §3 "Tenancy" and releases spec §6 on answering', () => {
  it('a request addressed to another carrier answers not found, and is unchanged', async () => {
    const otherCarrier = await signedInOrganization(server, { role: 'carrier' });
    const request = await sentRequest();
    const answer = await answerWith(otherCarrier, request.id, [
      release(request.blNumber, 'MSCU2222220'),
    ]);
    expect(answer.status).toBe(404);
    expect(answer.body.data.code).toBe('not_found');
    expect(await linkedReleases(request.id)).toEqual([]);
    const missing = await answerWith(carrier, 2147483000, [release(request.blNumber, 'X1')]);
    expect(missing.status).toBe(404);
  });

  it('only the carrier answers: the requester is forbidden; no session 401', async () => {
    const request = await sentRequest();
    const own = await answerWith(requester, request.id, [release(request.blNumber, 'MSCU3333336')]);
    expect(own.status).toBe(403);
    expect(own.body.data.code).toBe('forbidden');
    const anonymous = await call(null, `requests-for-release/${request.id}`, {
      method: 'PATCH',
      body: { releases: [release(request.blNumber, 'MSCU3333336')] },
    });
    expect(anonymous.status).toBe(401);
    expect(await linkedReleases(request.id)).toEqual([]);
  });

  it('a carrier lists only the requests addressed to it', async () => {
    const otherCarrier = await signedInOrganization(server, { role: 'carrier' });
    await offerCarriers(server, requester, [otherCarrier]);
    const toOther = await sentRequest(otherCarrier);
    const mine = await call(carrier, 'requests-for-release?$limit=100');
    expect(mine.body.data.map((r: { id: number }) => r.id)).not.toContain(toOther.id);
    const theirs = await call(otherCarrier, 'requests-for-release');
    expect(theirs.body.data.map((r: { id: number }) => r.id)).toEqual([toOther.id]);
  });
});
