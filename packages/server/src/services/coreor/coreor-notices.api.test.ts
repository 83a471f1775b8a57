import { addDays, noticeReleases, todayInBrussels, type ReleaseNoticePayload } from '@scr/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { coreorFile } from '../../test/coreor-file.ts';
import {
  addParty,
  releasePayload,
  releaseTerminal,
  uniqueBl,
  uniqueContainer,
} from '../../test/factories-releases.ts';
import { releaseListener } from '../../test/sockets.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { waitFor } from '../../test/wait-for.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let forwarder: SignedInOrganization;
let key: string;
let terminal: string;
const sockets: Socket[] = [];
const until = addDays(todayInBrussels(), 20);

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  [carrier, forwarder] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { role: 'other' }),
  ]);
  terminal = await releaseTerminal(server.knex);
  const made = await api('api-keys', {
    method: 'POST',
    token: carrier.tokens[0],
    body: { name: 'EDI gateway', scopes: ['releases:write', 'releases:read'] },
  });
  key = made.body.key;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

async function listener(accessToken: string) {
  const made = await releaseListener(server.baseUrl, sockets, accessToken);
  expect(made.error).toBeNull();
  return made;
}

const coreor = (content: string, auth: { apiKey?: string; token?: string } = { apiKey: key }) =>
  api('releases/coreor', { method: 'POST', ...auth, body: { content, fileName: 'coreor.edi' } });

/** The next notice a socket hears, once it has heard `count` of them. */
async function noticeNumber(
  socket: { notices: ReleaseNoticePayload[] },
  count: number,
  what: string,
): Promise<ReleaseNoticePayload> {
  await waitFor(what, () => socket.notices.length >= count);
  return socket.notices[count - 1]!;
}

/** A notice without the release it names: what must not depend on the path that made it. */
const shapeOf = ({ bls: _bls, ...rest }: ReleaseNoticePayload) => rest;

describe('releases spec §4 "Live notifications": a COREOR change is told as the JSON API tells it', () => {
  it('a release created by COREOR is heard as `create`, and one cancelled by COREOR as `delete`, each with its version and status and who acted, like the JSON API’s', async () => {
    const carrierSocket = await listener(carrier.tokens[1]!);
    const forwarderSocket = await listener(forwarder.tokens[1]!);

    // The JSON API's create and delete, by the same system (API key): the reference.
    const body = await releasePayload(server.knex, { pickupLocation: terminal });
    const made = await api('releases', { method: 'POST', apiKey: key, body });
    expect(made.status).toBe(201);
    const apiCreate = await noticeNumber(carrierSocket, 1, 'the JSON API create');
    const removed = await api(`releases/${made.body.address}`, { method: 'DELETE', apiKey: key });
    expect(removed.status).toBe(200);
    const apiDelete = await noticeNumber(carrierSocket, 2, 'the JSON API delete');

    // The same by COREOR: an original (BGM 9), then its cancellation (BGM 1).
    const bl = uniqueBl();
    const number = uniqueContainer();
    const original = await coreor(
      coreorFile([{ reference: 'N1', bl, containers: [{ number, terminal, validUntil: until }] }]),
    );
    expect(original.body.status).toBe('accepted');
    const address = original.body.messages[0].releases[0].address as string;
    const created = await noticeNumber(carrierSocket, 3, 'the COREOR create');
    expect(created).toEqual({
      operation: 'create',
      organizationAddress: carrier.address,
      bls: [
        {
          blNumber: bl,
          addresses: [address],
          containerNumbers: [number],
          versions: [1],
          statuses: ['released'],
        },
      ],
      // A machine acted: its organisation is named, no user.
      by: { organizationAddress: carrier.address, organizationName: carrier.name },
    });
    expect(shapeOf(created)).toEqual(shapeOf(apiCreate));

    // Passed on to the forwarder (version 2): the cancellation reaches the whole chain.
    await addParty(server.knex, address, forwarder.id);
    const cancel = await coreor(
      coreorFile([{ reference: 'N1C', bl, fn: '1', containers: [{ number }] }]),
    );
    expect(cancel.body.messages[0].status).toBe('accepted');
    const deleted = await noticeNumber(carrierSocket, 4, 'the COREOR cancellation');
    expect(shapeOf(deleted)).toEqual(shapeOf(apiDelete));
    expect(deleted.operation).toBe('delete');
    const gone = { address, blNumber: bl, containerNumber: number, version: 3, status: 'deleted' };
    expect(noticeReleases(deleted)).toEqual([gone]);
    const heardByForwarder = await noticeNumber(forwarderSocket, 1, 'the forwarder to hear it');
    expect(heardByForwarder).toMatchObject({
      operation: 'delete',
      organizationAddress: forwarder.address,
      by: { organizationAddress: carrier.address, organizationName: carrier.name },
    });
    expect(heardByForwarder.by).not.toHaveProperty('userId');
    expect(noticeReleases(heardByForwarder)).toEqual([gone]);
    for (const socket of [carrierSocket, forwarderSocket]) expect(socket.others).toEqual([]);
  });

  it('a COREOR upload by a person (the web dialog) names that person to its own organisation, as a JSON API create does', async () => {
    const carrierSocket = await listener(carrier.tokens[1]!);
    const bl = uniqueBl();
    const number = uniqueContainer();
    const answer = await coreor(
      coreorFile([{ reference: 'P1', bl, containers: [{ number, terminal, validUntil: until }] }]),
      { token: carrier.tokens[0] },
    );
    expect(answer.body.status).toBe('accepted');
    const heard = await noticeNumber(carrierSocket, 1, 'the carrier to hear the upload');
    expect(heard).toMatchObject({
      operation: 'create',
      by: {
        organizationAddress: carrier.address,
        organizationName: carrier.name,
        userId: carrier.users[0]!.id,
      },
    });
    expect(noticeReleases(heard)).toEqual([
      {
        address: answer.body.messages[0].releases[0].address,
        blNumber: bl,
        containerNumber: number,
        version: 1,
        status: 'released',
      },
    ]);
  });
});
