import { defaultHiddenColumns } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

const save = (token: string, body: unknown) => api('preferences', { method: 'POST', token, body });

describe('preferences (access spec §3 "Preferences", §7 "GET/CREATE preferences")', () => {
  it('answers the defaults before anything is saved (access §3, releases §2 hidden columns, §9 limits)', async () => {
    const org = await signedInOrganization(server);
    const answer = await api('preferences', { token: org.tokens[0] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      hiddenColumns: {
        bl: ['portOfLoading', 'portOfDestination'],
        // Issue 15: the compact container view (domain `defaultHiddenColumns`).
        container: defaultHiddenColumns.container,
      },
      options: { transferred: 'container', updated: 'container', limitBL: 10, limitCT: 50 },
      preferredLanguage: 'en',
      releaseTransferEmail: false,
      releaseUpdateEmail: true,
    });
  });

  it('saves what it is given and keeps the rest; each user has their own (access §2 "Settings")', async () => {
    const org = await signedInOrganization(server);
    const [mine, theirs] = org.tokens as [string, string];
    const saved = await save(mine, {
      hiddenColumns: { container: ['transferTo', 'validFrom'] },
      options: { limitBL: 25 },
      releaseTransferEmail: true,
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      hiddenColumns: {
        bl: ['portOfLoading', 'portOfDestination'],
        container: ['transferTo', 'validFrom'],
      },
      options: { limitBL: 25, limitCT: 50, transferred: 'container' },
      releaseTransferEmail: true,
      releaseUpdateEmail: true,
    });
    await save(mine, { releaseUpdateEmail: false, hiddenColumns: { bl: [] } });
    const read = await api('preferences', { token: mine });
    expect(read.body).toMatchObject({
      hiddenColumns: { bl: [], container: ['transferTo', 'validFrom'] },
      options: { limitBL: 25 },
      releaseTransferEmail: true,
      releaseUpdateEmail: false,
    });
    expect((await api('preferences', { token: theirs })).body.options.limitBL).toBe(10);
  });

  it('resets a row limit that is empty or above 50 to the view default (access spec §5 "Preferences", releases §5 "Stored preferences")', async () => {
    const org = await signedInOrganization(server);
    const token = org.tokens[0]!;
    const saved = await save(token, { options: { limitBL: 100, limitCT: '' } });
    expect(saved.status).toBe(201);
    expect(saved.body.options).toMatchObject({ limitBL: 10, limitCT: 50 });
    for (const [limitBL, limitCT] of [
      [null, 51],
      ['   ', '50.5'],
      [0, -25],
      ['51', 1_000_000],
    ] as const) {
      await save(token, { options: { limitBL: 25, limitCT: 25 } });
      const reset = await save(token, { options: { limitBL, limitCT } });
      expect(reset.status, JSON.stringify({ limitBL, limitCT })).toBe(201);
      expect(reset.body.options, JSON.stringify({ limitBL, limitCT })).toMatchObject({
        limitBL: 10,
        limitCT: 50,
      });
    }
    await save(token, { options: { limitBL: '50', limitCT: 25 } });
    expect((await api('preferences', { token })).body.options).toMatchObject({
      limitBL: 50,
      limitCT: 25,
    });
    // A limit stored before this rule (or by hand) is reset when read.
    await server
      .knex('preferences')
      .where({ user_id: org.users[0]!.id })
      .update({ options: JSON.stringify({ limitBL: 51, limitCT: null }) });
    expect((await api('preferences', { token })).body.options).toMatchObject({
      limitBL: 10,
      limitCT: 50,
    });
  });

  it('sets the preferred language for the session and for e-mail (one of the five)', async () => {
    const org = await signedInOrganization(server);
    const token = org.tokens[0]!;
    expect((await save(token, { preferredLanguage: 'nl' })).body.preferredLanguage).toBe('nl');
    const user = await server.knex('users').where({ id: org.users[0]!.id }).first();
    expect(user.preferred_language).toBe('nl');
    const refused = await save(token, { preferredLanguage: 'es' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toHaveProperty('preferredLanguage');
  });

  it('refuses unknown columns and fields, and per-BL notices without canNotifyPerBl', async () => {
    const org = await signedInOrganization(server);
    const token = org.tokens[0]!;
    for (const body of [
      { hiddenColumns: { bl: ['colour'] } },
      { hiddenColumns: { container: ['transferTo', 'transferTo'] } },
      { options: { transferred: 'everything' } },
      { theme: 'dark' },
    ]) {
      const answer = await save(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.code).toBe('validation_failed');
    }
    expect((await save(token, { options: { updated: 'bl' } })).body.options.updated).toBe('bl');
    await server
      .knex('organization_features')
      .insert({ organization_id: org.id, feature: 'canNotifyPerBl', enabled: false });
    const premium = await save(token, { options: { transferred: 'bl' } });
    expect(premium.status).toBe(403);
    expect(premium.body.data.code).toBe('subscription_required');
  });

  it('refuses what is not a preference value: a non-boolean e-mail choice, a row limit that is no number or text (access §5)', async () => {
    const org = await signedInOrganization(server);
    const token = org.tokens[0]!;
    for (const body of [
      { releaseTransferEmail: 'yes' },
      { releaseUpdateEmail: null },
      { options: { limitBL: [10] } },
      { options: { limitCT: { value: 10 } } },
      { options: { limitBL: 'x'.repeat(11) } },
      { preferredLanguage: '' },
    ]) {
      const answer = await save(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.code).toBe('validation_failed');
    }
    // Nothing was saved by the refusals.
    expect((await api('preferences', { token })).body).toMatchObject({
      releaseTransferEmail: false,
      releaseUpdateEmail: true,
      preferredLanguage: 'en',
    });
  });

  it('belongs to people: no preferences without a session', async () => {
    expect((await api('preferences')).status).toBe(401);
    expect((await save('', { releaseUpdateEmail: true })).status).toBe(401);
  });
});
