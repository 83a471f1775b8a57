import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { createWalletOrganization, type FactoryUser } from '../test/factories.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { enqueueCustodyMails, type CustodyMailInput } from './custody-mails.ts';
import type { MailMessage } from './mail-transport.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.stop());

interface Choice {
  transfer?: boolean;
  update?: boolean;
  /** The preferences' language (null: not chosen there). */
  language?: string | null;
}

/** An organisation whose users made the given choices; `null` means no preferences row. */
async function organizationWith(choices: (Choice | null)[]) {
  const org = await createWalletOrganization(server.knex, {
    users: choices.map((): FactoryUser => ({})),
  });
  for (const [index, choice] of choices.entries()) {
    if (!choice) continue;
    await server.knex('preferences').insert({
      user_id: org.users[index]!.id,
      release_transfer_email: choice.transfer ?? false,
      release_update_email: choice.update ?? true,
      preferred_language: choice.language ?? null,
    });
  }
  return org;
}

const releases = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    blNumber: `BL${String(i + 1).padStart(4, '0')}`,
    containerNumber: `MSCU${String(i + 1).padStart(7, '0')}`,
  }));

/**
 * Runs the function in a transaction and reads the mails it queued to `emails` inside it, before
 * the app's outbox worker can deliver them (delivery keeps only the recipient).
 */
async function enqueueAndRead(input: CustodyMailInput, emails: string[], portalUrl?: string) {
  return inTransaction(server.knex, async (trx) => {
    const before = await trx('outbox').max('id as id').first();
    const count = await enqueueCustodyMails(trx, input, portalUrl);
    const rows = await trx('outbox')
      .where({ topic: 'mail' })
      .where('id', '>', before?.id ?? 0)
      .whereRaw(`payload->>'to' in (${emails.map(() => '?').join(', ')})`, emails)
      .orderBy('id')
      .select('payload');
    const mails = rows.map(({ payload }: { payload: unknown }) =>
      typeof payload === 'string' ? (JSON.parse(payload) as MailMessage) : (payload as MailMessage),
    );
    return { count, mails };
  });
}

const emailsOf = (...orgs: { users: { email: string }[] }[]) =>
  orgs.flatMap((org) => org.users.map((user) => user.email));

describe('releases spec §4 Live notifications: custody actions by e-mail through the outbox', () => {
  it('a transfer mails, once each, only the receiving users who chose transfer e-mails (§4 "transfer")', async () => {
    const actor = await organizationWith([{ transfer: true, update: true }]);
    // Receiver: opted in; opted out; no preferences row; opted in but deactivated.
    const receiver = await organizationWith([
      { transfer: true },
      { transfer: false, update: true },
      null,
      { transfer: true },
    ]);
    await server.knex('users').where({ id: receiver.users[3]!.id }).update({ is_active: false });
    // Another party of the chain: a transfer mails the receiver only.
    const other = await organizationWith([{ transfer: true, update: true }]);

    const { count, mails } = await enqueueAndRead(
      {
        action: 'transfer',
        actorOrganizationId: actor.id,
        targetOrganizationId: receiver.id,
        organizationIds: [actor.id, receiver.id, other.id],
        releases: releases(2),
      },
      emailsOf(actor, receiver, other),
      'https://release.example.com/',
    );

    expect(count).toBe(1);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [MailMessage];
    expect(mail.to).toBe(receiver.users[0]!.email);
    expect(mail.subject).toBe(`2 container releases were transferred to you by ${actor.name}`);
    expect(mail.text).toContain('Hello Test,');
    expect(mail.text).toContain('BL : container\nBL0001 : MSCU0000001\nBL0002 : MSCU0000002\n');
    expect(mail.text).toContain('https://release.example.com/releases');
    expect(mail.text).not.toContain('more');
  });

  it('revoke, block and unblock mail every concerned organisation but the actor, to users who chose update e-mails (§4 "revoke, block, unblock")', async () => {
    const actor = await organizationWith([{ update: true }, null]);
    const first = await organizationWith([{ update: true }, { update: false, transfer: true }]);
    const second = await organizationWith([{ update: true }, null]);
    const input = {
      actorOrganizationId: actor.id,
      // The actor among the concerned, and a party listed twice: neither changes who is mailed.
      organizationIds: [actor.id, first.id, second.id, second.id],
      releases: releases(1),
    };
    const expected = [first.users[0]!.email, second.users[0]!.email];

    for (const action of ['block', 'unblock'] as const) {
      const { count, mails } = await enqueueAndRead(
        { ...input, action, targetOrganizationId: null },
        emailsOf(actor, first, second),
      );
      expect(count, action).toBe(2);
      expect(mails.map((mail) => mail.to)).toEqual(expected);
      expect(mails[0]!.subject).toBe(`1 container release was ${action}ed by ${actor.name}`);
      // Without a public address there is no link.
      expect(mails[0]!.text).not.toContain('http');
    }

    const revoked = await enqueueAndRead(
      { ...input, action: 'revoke', targetOrganizationId: second.id },
      emailsOf(actor, first, second),
    );
    expect(revoked.mails.map((mail) => mail.to)).toEqual(expected);
    expect(revoked.mails[0]!.subject).toBe(
      `1 container release was revoked by ${actor.name} from ${second.name}`,
    );
  });

  it("never mails the actor's own users, even named as the receiver or among the concerned (§4)", async () => {
    const actor = await organizationWith([{ transfer: true, update: true }]);
    for (const action of ['transfer', 'revoke', 'block', 'unblock'] as const) {
      const { count, mails } = await enqueueAndRead(
        {
          action,
          actorOrganizationId: actor.id,
          targetOrganizationId: actor.id,
          organizationIds: [actor.id],
          releases: releases(3),
        },
        emailsOf(actor),
      );
      expect(count, action).toBe(0);
      expect(mails, action).toEqual([]);
    }
  });

  it('mails no user without a preferences row: the column defaults apply only once saved (§4)', async () => {
    const actor = await organizationWith([null]);
    const party = await organizationWith([null, null]);
    for (const action of ['transfer', 'block'] as const) {
      const { count, mails } = await enqueueAndRead(
        {
          action,
          actorOrganizationId: actor.id,
          targetOrganizationId: party.id,
          organizationIds: [party.id],
          releases: releases(1),
        },
        emailsOf(party),
      );
      expect(count, action).toBe(0);
      expect(mails, action).toEqual([]);
    }
  });

  it("writes in the user's preferred language: the preferences' one, else the user's, else English (§4)", async () => {
    const actor = await organizationWith([null]);
    const party = await organizationWith([
      { language: 'fr' },
      { language: 'nl' },
      { language: 'de' },
      { language: 'it' },
      { language: null },
      { language: null },
    ]);
    await server
      .knex('users')
      .where({ id: party.users[5]!.id })
      .update({ preferred_language: 'de' });
    const { mails } = await enqueueAndRead(
      {
        action: 'block',
        actorOrganizationId: actor.id,
        targetOrganizationId: null,
        organizationIds: [party.id],
        releases: releases(2),
      },
      emailsOf(party),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      `2 libérations de conteneur ont été bloquées par ${actor.name}`,
      `2 containervrijgaves werden geblokkeerd door ${actor.name}`,
      `2 Containerfreigaben wurden von ${actor.name} gesperrt`,
      `2 rilasci di container sono stati bloccati da ${actor.name}`,
      `2 container releases were blocked by ${actor.name}`,
      `2 Containerfreigaben wurden von ${actor.name} gesperrt`,
    ]);
    expect(mails[0]!.text).toContain('Bonjour Test,');
    expect(mails[0]!.text).toContain('BL : conteneur\nBL0001 : MSCU0000001');
  });

  it('sends one mail per user for 1,000 releases, listing 50 and counting the rest (§4)', async () => {
    const actor = await organizationWith([null]);
    const receiver = await organizationWith([
      { transfer: true },
      { transfer: true, language: 'nl' },
    ]);
    const { count, mails } = await enqueueAndRead(
      {
        action: 'transfer',
        actorOrganizationId: actor.id,
        targetOrganizationId: receiver.id,
        organizationIds: [actor.id, receiver.id],
        releases: releases(1000),
      },
      emailsOf(receiver),
    );
    expect(count).toBe(2);
    expect(mails).toHaveLength(2);
    const [english, dutch] = mails as [MailMessage, MailMessage];
    expect(english.subject).toBe(
      `1000 container releases were transferred to you by ${actor.name}`,
    );
    const listed = english.text.split('\n').filter((line) => /^BL\d{4} : MSCU\d{7}$/.test(line));
    expect(listed).toHaveLength(50);
    expect(listed.at(-1)).toBe('BL0050 : MSCU0000050');
    expect(english.text).toContain('BL0050 : MSCU0000050\nand 950 more.');
    expect(english.text).not.toContain('BL0051');
    expect(dutch.text).toContain('BL0050 : MSCU0000050\nen nog 950.');
  });
});
