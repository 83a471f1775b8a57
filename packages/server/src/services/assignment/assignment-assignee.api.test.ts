import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../test/admin-kit.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { assignmentCast, paths, type AssignmentCast, type Org } from './assignment-test-kit.ts';

/*
 * Releases spec §7: the assignee of an assign, which DESIGN §3 binds into the statement (an
 * active transporter of the organisation, with a matching identification type), and §6: who may
 * assign, and with which feature. Through the real API; the cast and helpers are
 * assignment-test-kit.ts's.
 */

let server: TestServer;
let carrier: Org;
let haulier: Org;
let terminalOrg: Org;
let eniNumber: string;
let trainCode: string;
let api: AssignmentCast['api'];
let heldRelease: AssignmentCast['heldRelease'];
let driverByAlfa: AssignmentCast['driverByAlfa'];
let put: AssignmentCast['put'];
let dryRun: AssignmentCast['dryRun'];

beforeAll(async () => {
  server = await startTestApp();
  ({
    carrier,
    haulier,
    terminalOrg,
    eniNumber,
    trainCode,
    api,
    heldRelease,
    driverByAlfa,
    put,
    dryRun,
  } = await assignmentCast(server));
});
afterAll(() => server?.stop());

describe('releases spec §7: the assignee of an assign (DESIGN §3 binds the identification)', () => {
  it('an identification of no active transporter of the organisation answers 400 assignee_not_found', async () => {
    const address = await heldRelease();
    for (const assignee of [
      { ...driverByAlfa, identification: '999999' },
      { ...driverByAlfa, identification: '654321' }, // deactivated
    ]) {
      const answer = await dryRun(haulier, 'assign', [address], assignee);
      expect(answer.status).toBe(400);
      expect(answer.body.data.code).toBe('assignee_not_found');
    }
  });

  it('a missing or mismatched identification type answers 400 validation_failed', async () => {
    const address = await heldRelease();
    const missing = await dryRun(haulier, 'assign', [address], { type: 'driver' });
    expect(missing.status).toBe(400);
    expect(missing.body.data.code).toBe('validation_failed');
    const mismatched = await dryRun(haulier, 'assign', [address], {
      type: 'barge',
      identification: eniNumber,
      identificationType: 'alfapass',
    });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.data.code).toBe('validation_failed');
    const noRelease = await put(haulier, paths.assign, {
      dryRun: true,
      releaseAddresses: [],
      ...driverByAlfa,
    });
    expect(noRelease.body.data.code).toBe('no_release_selected');
  });

  it('§6: carriers and terminals may not assign; each tab needs its feature', async () => {
    const address = await heldRelease();
    for (const org of [carrier, terminalOrg]) {
      const answer = await dryRun(org, 'assign', [address], driverByAlfa);
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('forbidden');
    }
    await server
      .knex('organization_features')
      .insert({ organization_id: haulier.id, feature: 'canAssignTrain', enabled: false });
    try {
      const token = await tokenFor(server, haulier.users[1]!.id);
      const answer = await api(paths.assign, {
        method: 'PUT',
        token,
        body: {
          dryRun: true,
          releaseAddresses: [address],
          type: 'train',
          identification: trainCode,
          identificationType: 'train',
        },
      });
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('subscription_required');
    } finally {
      await server
        .knex('organization_features')
        .where({ organization_id: haulier.id, feature: 'canAssignTrain' })
        .delete();
    }
  });
});
