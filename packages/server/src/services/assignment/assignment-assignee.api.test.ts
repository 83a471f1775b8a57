import { describe, expect, it } from 'vitest';
import { tokenFor } from '../../test/admin-kit.ts';
import { assignmentKit, paths } from './assignment-test-kit.ts';

/*
 * Releases spec §7: the assignee of an assign, which DESIGN §3 binds into the statement (an
 * active transporter of the organisation, with a matching identification type), and §6: who may
 * assign, and with which feature. Through the real API; the cast and helpers are
 * assignment-test-kit.ts's.
 */

const { cast, api, heldRelease, put, dryRun } = assignmentKit();

describe('releases spec §7: the assignee of an assign (DESIGN §3 binds the identification)', () => {
  it('an identification of no active transporter of the organisation answers 400 assignee_not_found', async () => {
    const address = await heldRelease();
    for (const assignee of [
      { ...cast.driverByAlfa, identification: '999999' },
      { ...cast.driverByAlfa, identification: '654321' }, // deactivated
    ]) {
      const answer = await dryRun(cast.haulier, 'assign', [address], assignee);
      expect(answer.status).toBe(400);
      expect(answer.body.data.code).toBe('assignee_not_found');
    }
  });

  it('a missing or mismatched identification type answers 400 validation_failed', async () => {
    const address = await heldRelease();
    const missing = await dryRun(cast.haulier, 'assign', [address], { type: 'driver' });
    expect(missing.status).toBe(400);
    expect(missing.body.data.code).toBe('validation_failed');
    const mismatched = await dryRun(cast.haulier, 'assign', [address], {
      type: 'barge',
      identification: cast.eniNumber,
      identificationType: 'alfapass',
    });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.data.code).toBe('validation_failed');
    const noRelease = await put(cast.haulier, paths.assign, {
      dryRun: true,
      releaseAddresses: [],
      ...cast.driverByAlfa,
    });
    expect(noRelease.body.data.code).toBe('no_release_selected');
  });

  it('§6: carriers and terminals may not assign; each tab needs its feature', async () => {
    const address = await heldRelease();
    for (const org of [cast.carrier, cast.terminalOrg]) {
      const answer = await dryRun(org, 'assign', [address], cast.driverByAlfa);
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('forbidden');
    }
    await cast.server
      .knex('organization_features')
      .insert({ organization_id: cast.haulier.id, feature: 'canAssignTrain', enabled: false });
    try {
      const token = await tokenFor(cast.server, cast.haulier.users[1]!.id);
      const answer = await api(paths.assign, {
        method: 'PUT',
        token,
        body: {
          dryRun: true,
          releaseAddresses: [address],
          type: 'train',
          identification: cast.trainCode,
          identificationType: 'train',
        },
      });
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('subscription_required');
    } finally {
      await cast.server
        .knex('organization_features')
        .where({ organization_id: cast.haulier.id, feature: 'canAssignTrain' })
        .delete();
    }
  });
});
