import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/transaction.ts';
import { createWalletOrganization, type FactoryUser } from '../test/factories.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import type { MailMessage } from './mail-transport.ts';
import { enqueueReleaseMails, type ReleaseMailChange } from './release-mails.ts';

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
  transferred?: 'container' | 'bl';
  updated?: 'container' | 'bl';
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
      options: JSON.stringify({
        transferred: choice.transferred ?? 'container',
        updated: choice.updated ?? 'container',
      }),
    });
  }
  return org;
}

type Org = Awaited<ReturnType<typeof organizationWith>>;

/** `count` releases on the BLs given in turn, in the chains of the organisations given. */
const releases = (count: number, chain: Org[], bls = ['BL0001']) =>
  Array.from({ length: count }, (_, i) => ({
    blNumber: bls[i % bls.length]!,
    containerNumber: `MSCU${String(i + 1).padStart(7, '0')}`,
    organizationIds: chain.map((org) => org.id),
  }));

/**
 * Runs the function in a transaction and reads the mails it queued to `orgs`' users inside it,
 * before the app's outbox worker can deliver them (delivery keeps only the recipient).
 */
async function enqueueAndRead(change: ReleaseMailChange, orgs: Org[], portalUrl?: string) {
  const emails = orgs.flatMap((org) => org.users.map((user) => user.email));
  return inTransaction(server.knex, async (trx) => {
    const before = await trx('outbox').max('id as id').first();
    const count = await enqueueReleaseMails(trx, change, portalUrl);
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

describe('access spec §2 "Settings": release e-mail through the outbox, as each user chose', () => {
  it('mails a transfer to the receiving users with transfer e-mail on, once per container (§3 default off)', async () => {
    const actor = await organizationWith([{ transfer: true }]);
    // Receiver: opted in; opted out; never saved; opted in but deactivated.
    const receiver = await organizationWith([
      { transfer: true },
      { transfer: false },
      null,
      { transfer: true },
    ]);
    await server.knex('users').where({ id: receiver.users[3]!.id }).update({ is_active: false });
    const other = await organizationWith([{ transfer: true }]);

    const { count, mails } = await enqueueAndRead(
      {
        action: 'transfer',
        actorOrganizationId: actor.id,
        targetOrganizationId: receiver.id,
        releases: releases(2, [actor, receiver, other]),
      },
      [actor, receiver, other],
      'https://release.example.com/',
    );
    expect(count).toBe(2);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [
        receiver.users[0]!.email,
        `1 container release was transferred to you by ${actor.name} – BL0001 : MSCU0000001`,
      ],
      [
        receiver.users[0]!.email,
        `1 container release was transferred to you by ${actor.name} – BL0001 : MSCU0000002`,
      ],
    ]);
    expect(mails[0]!.text).toContain('Hello Test,');
    expect(mails[0]!.text).toContain('BL : container\nBL0001 : MSCU0000001\n');
    expect(mails[0]!.text).toContain('https://release.example.com/releases');
  });

  it('mails an update to every party of the chain but the actor, users who never saved included (§3 default on)', async () => {
    const actor = await organizationWith([{ update: true }, null]);
    const first = await organizationWith([null, { update: false, transfer: true }]);
    const second = await organizationWith([{ update: true }]);
    for (const action of [
      'edit',
      'delete',
      'block',
      'unblock',
      'gateout',
      'assign',
      'unassign',
    ] as const) {
      const { mails } = await enqueueAndRead(
        {
          action,
          actorOrganizationId: actor.id,
          targetOrganizationId: null,
          releases: releases(1, [actor, first, second, second]),
        },
        [actor, first, second],
      );
      expect(
        mails.map((mail) => mail.to),
        action,
      ).toEqual([first.users[0]!.email, second.users[0]!.email]);
      // Without a public address there is no link.
      expect(mails[0]!.text, action).not.toContain('http');
    }
    const { mails } = await enqueueAndRead(
      {
        action: 'revoke',
        actorOrganizationId: actor.id,
        targetOrganizationId: second.id,
        releases: releases(1, [actor, first, second]),
      },
      [first],
    );
    expect(mails[0]!.subject).toBe(
      `1 container release was revoked by ${actor.name} from ${second.name} – BL0001 : MSCU0000001`,
    );
  });

  it('tells each organisation only of the releases of its own chains (no leak across chains)', async () => {
    const actor = await organizationWith([null]);
    const mine = await organizationWith([null]);
    const theirs = await organizationWith([null]);
    const { mails } = await enqueueAndRead(
      {
        action: 'block',
        actorOrganizationId: actor.id,
        targetOrganizationId: null,
        releases: [...releases(1, [actor, mine]), ...releases(2, [actor, theirs]).slice(1)],
      },
      [mine, theirs],
    );
    expect(mails.map((mail) => [mail.to, mail.subject.split(' – ')[1]])).toEqual([
      [mine.users[0]!.email, 'BL0001 : MSCU0000001'],
      [theirs.users[0]!.email, 'BL0001 : MSCU0000002'],
    ]);
  });

  it('groups per BL for users who chose it while their organisation has canNotifyPerBl (§2)', async () => {
    const actor = await organizationWith([null]);
    const party = await organizationWith([
      { updated: 'bl' },
      { transfer: true, transferred: 'bl' },
    ]);
    const change = {
      action: 'edit' as const,
      actorOrganizationId: actor.id,
      targetOrganizationId: null,
      releases: releases(3, [actor, party], ['BL0001', 'BL0002']),
    };
    const grouped = await enqueueAndRead(change, [party]);
    // The first user: one per BL; the second chose per BL for transfers only.
    expect(grouped.mails.map((mail) => [mail.to, mail.subject.split(' – ')[1]])).toEqual([
      [party.users[0]!.email, 'BL BL0001'],
      [party.users[0]!.email, 'BL BL0002'],
      [party.users[1]!.email, 'BL0001 : MSCU0000001'],
      [party.users[1]!.email, 'BL0002 : MSCU0000002'],
      [party.users[1]!.email, 'BL0001 : MSCU0000003'],
    ]);
    expect(grouped.mails[0]!.subject).toMatch(/^2 container releases were changed by /);
    expect(grouped.mails[0]!.text).toContain('BL0001 : MSCU0000001\nBL0001 : MSCU0000003\n');

    // Premium lapsed: per container again, whatever was saved.
    await server
      .knex('organization_features')
      .insert({ organization_id: party.id, feature: 'canNotifyPerBl', enabled: false });
    const lapsed = await enqueueAndRead(change, [party]);
    expect(lapsed.mails.filter((mail) => mail.to === party.users[0]!.email)).toHaveLength(3);
  });

  it("writes in the user's language: the preferences' one, else the user's (§2 preferred language)", async () => {
    const actor = await organizationWith([null]);
    const party = await organizationWith([
      { language: 'fr' },
      { language: 'nl' },
      { language: 'de' },
      { language: 'it' },
      { language: null },
      null,
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
        releases: releases(1, [actor, party]),
      },
      [party],
    );
    expect(mails.map((mail) => mail.subject.split(' – ')[0])).toEqual([
      `1 libération de conteneur a été bloquée par ${actor.name}`,
      `1 containervrijgave werd geblokkeerd door ${actor.name}`,
      `1 Containerfreigabe wurde von ${actor.name} gesperrt`,
      `1 rilascio di container è stato bloccato da ${actor.name}`,
      `1 container release was blocked by ${actor.name}`,
      `1 Containerfreigabe wurde von ${actor.name} gesperrt`,
    ]);
    expect(mails[0]!.text).toContain('Bonjour Test,');
    expect(mails[0]!.text).toContain('BL : conteneur\nBL0001 : MSCU0000001');
  });

  it('lists 50 containers of a BL and counts the rest; 1,000 per-container e-mails in few inserts', async () => {
    const actor = await organizationWith([null]);
    const receiver = await organizationWith([
      { transfer: true, transferred: 'bl' },
      { transfer: true, language: 'nl' },
    ]);
    const { count, mails } = await enqueueAndRead(
      {
        action: 'transfer',
        actorOrganizationId: actor.id,
        targetOrganizationId: receiver.id,
        releases: releases(1000, [actor, receiver]),
      },
      [receiver],
    );
    expect(count).toBe(1001);
    const [perBl, ...perContainer] = mails as [MailMessage, ...MailMessage[]];
    expect(perBl.subject).toBe(
      `1000 container releases were transferred to you by ${actor.name} – BL BL0001`,
    );
    const listed = perBl.text.split('\n').filter((line) => /^BL\d{4} : MSCU\d{7}$/.test(line));
    expect(listed).toHaveLength(50);
    expect(perBl.text).toContain('BL0001 : MSCU0000050\nand 950 more.');
    expect(perContainer).toHaveLength(1000);
    expect(perContainer[999]!.subject).toBe(
      `1 containervrijgave werd aan u overgedragen door ${actor.name} – BL0001 : MSCU0001000`,
    );
  });
});
