import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOrganization } from '../test/admin-kit.ts';
import { releasePayload, releaseTerminal } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { runCreateReleases } from './create-releases.ts';
import type { ReleaseActor } from './release-actor.ts';

let server: TestServer;
let actor: ReleaseActor;
let terminal: string;

beforeAll(async () => {
  server = await startTestApp();
  const carrier = await signedInOrganization(server, { role: 'carrier' });
  actor = {
    organizationId: carrier.id,
    organizationAddress: carrier.address,
    organizationRole: 'carrier',
    userId: null,
    apiKeyId: null,
    label: 'system',
    seesTransferInfo: true,
  };
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

const releasesNamed = (containers: string[]) =>
  server.knex('releases').whereIn('container_number', containers).select('address');

describe('issue 10 §4: one create-releases command for REST, upload, demo, test factory and tests', () => {
  it('creates the good inputs and reports the wrong ones by index when refuse returns', async () => {
    const good = await releasePayload(server.knex, { pickupLocation: terminal });
    const bad = await releasePayload(server.knex, { pickupLocation: terminal });
    bad.container.validUntil = 'not a date';
    const run = await runCreateReleases(
      server.knex,
      server.portal.app.get('serverKey'),
      actor,
      [bad, good],
      { refuse: () => undefined },
    );
    expect([...run.errors.keys()]).toEqual([0]);
    expect(run.created).toHaveLength(1);
    expect(run.prepared.map((item) => item.address)).toEqual(run.created.map((c) => c.address));
    expect(
      await releasesNamed([good.container.containerNumber!, bad.container.containerNumber!]),
    ).toEqual([{ address: run.created[0]!.address }]);
  });

  it('creates nothing when refuse throws', async () => {
    const good = await releasePayload(server.knex, { pickupLocation: terminal });
    const bad = await releasePayload(server.knex, { pickupLocation: terminal });
    bad.container.validUntil = 'not a date';
    await expect(
      runCreateReleases(server.knex, server.portal.app.get('serverKey'), actor, [good, bad], {
        refuse: () => {
          throw new Error('refused');
        },
      }),
    ).rejects.toThrow('refused');
    expect(await releasesNamed([good.container.containerNumber!])).toEqual([]);
  });

  it('runs alongside in the same transaction: when it fails, no release is left', async () => {
    const input = await releasePayload(server.knex, { pickupLocation: terminal });
    await expect(
      runCreateReleases(server.knex, server.portal.app.get('serverKey'), actor, [input], {
        alongside: async (trx, created) => {
          expect(
            await trx('releases').where({ address: created[0]!.address }).first(),
          ).toBeTruthy();
          throw new Error('alongside failed');
        },
      }),
    ).rejects.toThrow('alongside failed');
    expect(await releasesNamed([input.container.containerNumber!])).toEqual([]);
  });

  it('uses the caller’s transaction when given one (the demo loader)', async () => {
    const input = await releasePayload(server.knex, { pickupLocation: terminal });
    await server.knex
      .transaction(async (trx) => {
        const run = await runCreateReleases(trx, server.portal.app.get('serverKey'), actor, [
          input,
        ]);
        expect(run.created).toHaveLength(1);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await releasesNamed([input.container.containerNumber!])).toEqual([]);
  });
});
