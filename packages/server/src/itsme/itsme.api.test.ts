import { randomBytes } from 'node:crypto';
import { itsmeLinkHours, servicePaths } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../test/factories.ts';
import type { Answer } from '../test/admin-kit.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { createItsmeLink, hashItsmeState } from './itsme-link.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.stop());

const tag = () => randomBytes(4).toString('hex');

async function driverOf(
  organizationId: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await server
    .knex('drivers')
    .insert({
      organization_id: organizationId,
      first_name: 'Jan',
      last_name: `Peeters ${tag()}`,
      email: `jan.${tag()}@haulier.test`,
      ...fields,
    })
    .returning('id');
  return row.id;
}

async function organizationWithDriver(fields: Record<string, unknown> = {}) {
  const org = await createOrganization(server.knex);
  return { org, driverId: await driverOf(org.id, fields) };
}

/** A driver of a new organisation and its registration link, copied rather than e-mailed. */
async function driverWithCopiedLink() {
  const { org, driverId } = await organizationWithDriver();
  const { link } = await createItsmeLink(server.portal.app, {
    driverId,
    organizationId: org.id,
    send: false,
  });
  return { org, driverId, link };
}

const driverRow = (id: number) =>
  server.knex('drivers').where({ id }).first('itsme_code', 'itsme_given_name', 'itsme_family_name');

/** A tiny cookie jar: the provider keeps its interaction in cookies between redirects. */
function browser() {
  const cookies = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = response.headers.get('location');
    return { response, location: location ? new URL(location, url).href : null };
  };
}

/**
 * The driver's side, as a browser would do it: opens the link, follows the provider's redirects
 * to its login page, submits the form, and follows on to `/itsme-confirm?code&state`.
 */
async function walkProvider(
  link: string,
  form: Record<string, string> = {
    given_name: 'Jan',
    family_name: 'Peeters',
    action: 'approve',
  },
): Promise<URL> {
  const open = browser();
  let step = await open(link);
  expect(step.response.status).toBe(303);
  const interaction = step.location!;
  expect(interaction).toMatch(/\/itsme-provider\/interaction\//);
  const page = await open(interaction);
  expect(page.response.status).toBe(200);
  expect(await page.response.text()).toContain('name="given_name"');
  step = await open(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  for (let hops = 0; hops < 5; hops++) {
    expect([302, 303]).toContain(step.response.status);
    const next = new URL(step.location!);
    if (next.pathname === '/itsme-confirm') return next;
    step = await open(next.href);
  }
  throw new Error('the provider never redirected to /itsme-confirm');
}

const confirm = async (state: string | null, body: unknown): Promise<Answer> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (state !== null) headers.authorization = `Bearer ${state}`;
  const response = await fetch(`${server.baseUrl}/api/${servicePaths.itsmeConfirm}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

describe('access spec §4 "Drivers, barges, trains": itsme registration against the stand-in provider', () => {
  it('the link leads through itsme back to /itsme-confirm, whose code registers the driver', async () => {
    const { driverId, link } = await driverWithCopiedLink();
    expect(new URL(link).pathname).toBe('/itsme-provider/auth');

    const back = await walkProvider(link);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    expect(code).toBeTruthy();
    expect(state).toBe(new URL(link).searchParams.get('state'));

    const answer = await confirm(state, { itsmeCode: code });
    expect(answer).toEqual({
      status: 201,
      body: { registered: true, givenName: 'Jan', familyName: 'Peeters' },
    });
    const driver = await driverRow(driverId);
    expect(driver.itsme_code).toMatch(/^stand-in-[0-9a-f]{32}$/);
    expect(driver).toMatchObject({ itsme_given_name: 'Jan', itsme_family_name: 'Peeters' });
    const stateRow = await server
      .knex('itsme_states')
      .where({ state_hash: hashItsmeState(state) })
      .first();
    expect(stateRow.used_at).not.toBeNull();
    // Only the state's hash is stored, never the state itself (access spec §9).
    expect(JSON.stringify(stateRow)).not.toContain(state);
  });

  it('the same person registering again gets the same itsme code', async () => {
    const { org, driverId } = await organizationWithDriver();
    const other = await driverOf(org.id);
    const codes: string[] = [];
    for (const id of [driverId, other]) {
      const { link } = await createItsmeLink(server.portal.app, {
        driverId: id,
        organizationId: org.id,
        send: false,
      });
      const back = await walkProvider(link, {
        given_name: 'Marie',
        family_name: 'Dupont',
        action: 'approve',
      });
      await confirm(back.searchParams.get('state'), { itsmeCode: back.searchParams.get('code') });
      codes.push((await driverRow(id)).itsme_code);
    }
    expect(codes[0]).toBeTruthy();
    expect(codes[0]).toBe(codes[1]);
  });

  it(`a link's state is single use: replaying it is refused and changes nothing`, async () => {
    const { driverId, link } = await driverWithCopiedLink();
    const back = await walkProvider(link);
    const state = back.searchParams.get('state')!;
    const code = back.searchParams.get('code')!;
    expect((await confirm(state, { itsmeCode: code })).status).toBe(201);
    await server.knex('drivers').where({ id: driverId }).update({ itsme_code: 'kept' });

    const replay = await confirm(state, { itsmeCode: code });
    expect(replay.status).toBe(400);
    expect(replay.body.data.code).toBe('itsme_registration_failed');
    expect(replay.body.message).toBe(
      'Error during itsme registration. Please restart your itsme verification.',
    );
    expect((await driverRow(driverId)).itsme_code).toBe('kept');
  });
});

describe('access spec §8 "Itsme": the errors of POST driver/itsme', () => {
  it('"Missing itsmeCode" without the code, and the state stays usable', async () => {
    const { driverId, link } = await driverWithCopiedLink();
    const back = await walkProvider(link);
    const state = back.searchParams.get('state')!;
    for (const body of [{}, { itsmeCode: '' }, { itsmeCode: 42 }]) {
      const answer = await confirm(state, body);
      expect(answer.status).toBe(400);
      expect(answer.body.data.code).toBe('itsme_missing_code');
      expect(answer.body.message).toBe('Missing itsmeCode');
    }
    const answer = await confirm(state, { itsmeCode: back.searchParams.get('code') });
    expect(answer.status).toBe(201);
    expect((await driverRow(driverId)).itsme_code).toBeTruthy();
  });

  it('"Missing state/accessToken" without the bearer state', async () => {
    const answer = await confirm(null, { itsmeCode: 'some-code' });
    expect(answer.status).toBe(401);
    expect(answer.body.data.code).toBe('itsme_missing_state');
    expect(answer.body.message).toBe('Missing state/accessToken');
  });

  it('an unknown state gets "Error during itsme registration…"', async () => {
    const answer = await confirm(`unknown-${tag()}`, { itsmeCode: 'some-code' });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('itsme_registration_failed');
  });

  it(`an expired state (past ${itsmeLinkHours} hours) is refused and changes nothing`, async () => {
    const { driverId, link } = await driverWithCopiedLink();
    const state = new URL(link).searchParams.get('state')!;
    const row = () => server.knex('itsme_states').where({ state_hash: hashItsmeState(state) });
    const created = await row().first();
    const hours = (created.expires_at.getTime() - created.created_at.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(itsmeLinkHours, 3);
    const back = await walkProvider(link);
    await row().update({ expires_at: server.knex.raw(`now() - interval '1 second'`) });

    const answer = await confirm(state, { itsmeCode: back.searchParams.get('code') });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('itsme_registration_failed');
    expect(await driverRow(driverId)).toEqual({
      itsme_code: null,
      itsme_given_name: null,
      itsme_family_name: null,
    });
    expect((await row().first()).used_at).toBeNull();
  });

  it('a code the provider refuses fails, changes no driver, and uses up the state', async () => {
    const { driverId, link } = await driverWithCopiedLink();
    const back = await walkProvider(link);
    const state = back.searchParams.get('state')!;
    const answer = await confirm(state, { itsmeCode: 'not-the-code-the-provider-gave' });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('itsme_registration_failed');
    expect((await driverRow(driverId)).itsme_code).toBeNull();
    // "Please restart your itsme verification": the real code no longer works with this state.
    const retry = await confirm(state, { itsmeCode: back.searchParams.get('code') });
    expect(retry.status).toBe(400);
    expect((await driverRow(driverId)).itsme_code).toBeNull();
  });

  it('a state made for another driver registers that driver only', async () => {
    const a = await organizationWithDriver();
    const b = await organizationWithDriver();
    const { link } = await createItsmeLink(server.portal.app, {
      driverId: b.driverId,
      organizationId: b.org.id,
      send: false,
    });
    const back = await walkProvider(link);
    await confirm(back.searchParams.get('state'), { itsmeCode: back.searchParams.get('code') });
    expect((await driverRow(a.driverId)).itsme_code).toBeNull();
    expect((await driverRow(b.driverId)).itsme_code).toBeTruthy();
  });

  it('cancelling at the provider comes back with an error and no code', async () => {
    const { driverId, link } = await driverWithCopiedLink();
    const back = await walkProvider(link, { action: 'cancel' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect((await driverRow(driverId)).itsme_code).toBeNull();
  });
});

describe('access spec §8 "Itsme link": making and sending the link', () => {
  const mailTo = (to: string) =>
    server
      .knex('outbox')
      .where({ topic: 'mail' })
      .whereRaw(`payload->>'to' = ?`, [to])
      .select('payload');

  /**
   * Makes the link with `send` in a transaction and reads the queued mail before it commits
   * (a delivered row keeps only its recipient); then rolls back, so nothing is delivered.
   */
  async function queuedMail(input: { driverId: number; organizationId: number; language?: 'en' }) {
    const { email } = await server.knex('drivers').where({ id: input.driverId }).first('email');
    let seen: { link: string; mails: { subject: string; text: string; to: string }[] } | null =
      null;
    await server.knex
      .transaction(async (trx) => {
        const { link } = await createItsmeLink(server.portal.app, {
          ...input,
          send: true,
          db: trx,
        });
        const rows = await trx('outbox')
          .where({ topic: 'mail' })
          .whereRaw(`payload->>'to' = ?`, [email])
          .select('payload');
        seen = { link, mails: rows.map((row) => row.payload) };
        throw new Error('roll back');
      })
      .catch((error: Error) => {
        if (error.message !== 'roll back') throw error;
      });
    return seen!;
  }

  it('sends the link by e-mail in the language of the organisation', async () => {
    const { org, driverId } = await organizationWithDriver();
    await server.knex('users').insert(
      ['nl', 'nl', 'fr'].map((language, i) => ({
        email: `user${i}.${tag()}@haulier.test`,
        first_name: 'U',
        last_name: String(i),
        organization_id: org.id,
        preferred_language: language,
      })),
    );
    const { link, mails } = await queuedMail({ driverId, organizationId: org.id });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${org.name}: registreren met itsme`);
    expect(mails[0]!.text).toContain(link);
    expect(mails[0]!.text).toContain(`${itsmeLinkHours} uur`);
    expect(mails[0]!.text).toMatch(/^Hallo Jan,/);
  });

  it('in the language asked for, all five', async () => {
    const subjects: Record<string, string> = {
      en: ': register with itsme',
      fr: ' : enregistrement avec itsme',
      nl: ': registreren met itsme',
      de: ': Registrierung mit itsme',
      it: ': registrazione con itsme',
    };
    const { org, driverId } = await organizationWithDriver();
    for (const [language, subject] of Object.entries(subjects)) {
      const { mails } = await queuedMail({
        driverId,
        organizationId: org.id,
        language: language as 'en',
      });
      expect(mails.map((mail) => mail.subject)).toEqual([`${org.name}${subject}`]);
    }
  });

  it('sent for real: the mail is queued with the committed link', async () => {
    const { org, driverId } = await organizationWithDriver();
    const { email } = await server.knex('drivers').where({ id: driverId }).first('email');
    await createItsmeLink(server.portal.app, { driverId, organizationId: org.id, send: true });
    expect(await mailTo(email)).toHaveLength(1);
    expect(await server.knex('itsme_states').where({ driver_id: driverId })).toHaveLength(1);
  });

  it('"Missing email address" when sending to a driver without one; copying still works', async () => {
    for (const email of [null, '  ']) {
      const { org, driverId } = await organizationWithDriver({ email });
      await expect(
        createItsmeLink(server.portal.app, { driverId, organizationId: org.id, send: true }),
      ).rejects.toMatchObject({
        code: 400,
        message: 'Missing email address',
        data: { code: 'itsme_missing_email' },
      });
      expect(await server.knex('itsme_states').where({ driver_id: driverId })).toHaveLength(0);
      const copied = await createItsmeLink(server.portal.app, {
        driverId,
        organizationId: org.id,
        send: false,
      });
      expect(copied.link).toMatch(/\/itsme-provider\/auth\?/);
    }
  });

  it('"Error sending email" when the mail cannot be queued', async () => {
    const { org, driverId } = await organizationWithDriver({
      email: `queue-fails-${tag()}@haulier.test`,
    });
    const { email } = await server.knex('drivers').where({ id: driverId }).first('email');
    const fn = `itsme_test_refuse_${tag()}`;
    // A real failure of the outbox insert, for this one recipient only.
    await server.knex.raw(`create function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.payload->>'to' = '${email}' then raise exception 'outbox refused'; end if;
        return new;
      end $$`);
    await server.knex.raw(
      `create trigger ${fn} before insert on outbox for each row execute function ${fn}()`,
    );
    try {
      await expect(
        server.knex.transaction((trx) =>
          createItsmeLink(server.portal.app, {
            driverId,
            organizationId: org.id,
            send: true,
            db: trx,
          }),
        ),
      ).rejects.toMatchObject({
        message: 'Error sending email',
        data: { code: 'itsme_email_failed' },
      });
    } finally {
      await server.knex.raw(`drop trigger ${fn} on outbox`);
      await server.knex.raw(`drop function ${fn}()`);
    }
    expect(await mailTo(email)).toHaveLength(0);
    // The caller's transaction rolled back with the error: no state was left behind.
    expect(await server.knex('itsme_states').where({ driver_id: driverId })).toHaveLength(0);
  });

  it(`another organisation's driver is not found`, async () => {
    const { driverId } = await organizationWithDriver();
    const stranger = await createOrganization(server.knex);
    await expect(
      createItsmeLink(server.portal.app, { driverId, organizationId: stranger.id, send: false }),
    ).rejects.toMatchObject({ code: 404, data: { code: 'not_found' } });
  });
});
