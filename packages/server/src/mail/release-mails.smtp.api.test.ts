import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The one reader of what the portal sends (RFC 2047 subjects, quoted-printable), shared with the journeys.
import { parseMail } from '../../../../e2e/support/mail-parse.ts';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { prepareAlfaPassAssignment } from '../test/assignment.ts';
import { actingAs, assignmentCaller, custodyCaller, signedInChain } from '../test/custody.ts';
import { createRelease, releaseTerminal, uniqueBl } from '../test/factories-releases.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let api: ReturnType<typeof apiCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let terminalOrg: Org;
let terminal: string;
let gateKey: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: smtp.env });
  api = apiCaller(server);
  [[carrier, forwarder, haulier], terminalOrg] = await Promise.all([
    signedInChain(server, [
      { fields: { secure_pickup_enabled: true } },
      // An admin who turns update e-mail off, a French user per BL, a Dutch user per container, a
      // German user who never opens Settings.
      { users: [{ isAdmin: true }, {}, {}, {}] },
      {},
    ]),
    signedInOrganization(server, { role: 'terminal', users: [{ isAdmin: true }] }),
  ]);
  terminal = await releaseTerminal(server.knex, { securePickup: true });
  await server
    .knex('terminals')
    .where({ code: terminal })
    .update({ owner_organization_id: terminalOrg.id });
  const key = await api('api-keys', {
    method: 'POST',
    token: terminalOrg.tokens[0],
    body: { name: 'gate', scopes: ['gate:write'] },
  });
  gateKey = key.body.key;

  const settings = async (token: string, body: object) =>
    expect((await api('preferences', { method: 'POST', token, body })).status).toBe(201);
  await settings(forwarder.tokens[0]!, { releaseUpdateEmail: false });
  await settings(forwarder.tokens[1]!, {
    preferredLanguage: 'fr',
    releaseTransferEmail: true,
    options: { transferred: 'bl', updated: 'bl' },
  });
  await settings(forwarder.tokens[2]!, { preferredLanguage: 'nl', releaseTransferEmail: true });
  await server
    .knex('users')
    .where({ id: forwarder.users[3]!.id })
    .update({ preferred_language: 'de' });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Everything the SMTP server received for a user so far, read as a person's mail program would. */
const inbox = (user: { email: string }) =>
  smtp.received
    .filter((mail) => mail.to.includes(user.email))
    .map((mail) => parseMail(mail.to, mail.raw));

/**
 * Waits until the outbox has delivered every e-mail queued (the change queued them in its own
 * transaction, so they are all there once it answered), then answers each user's new subjects.
 */
async function newSubjects(users: { email: string }[], since: Map<string, number>) {
  await waitFor('the outbox to deliver every e-mail', async () => {
    const [pending] = await server
      .knex('outbox')
      .where({ topic: 'mail' })
      .whereNull('delivered_at')
      .whereNull('failed_at')
      .count({ n: '*' });
    return Number(pending?.n) === 0;
  });
  return users.map((user) =>
    inbox(user)
      .slice(since.get(user.email) ?? 0)
      .map((mail) => mail.subject)
      .sort(),
  );
}

const everyone = () => [carrier, forwarder, haulier, terminalOrg].flatMap((org) => org.users);
const counted = () => new Map(everyone().map((user) => [user.email, inbox(user).length]));

describe('access spec §2 "Settings" acceptance: release e-mail reaches a local SMTP server', () => {
  it('sends transfer and update e-mail in each recipient’s language, grouped as chosen, defaults for who never saved', async () => {
    const [admin, french, dutch, german] = forwarder.users as [
      Org['users'][0],
      Org['users'][0],
      Org['users'][0],
      Org['users'][0],
    ];
    const blA = uniqueBl();
    const blB = uniqueBl();
    const a1 = await createRelease(server, carrier, { blNumber: blA, pickupLocation: terminal });
    const a2 = await createRelease(server, carrier, { blNumber: blA, pickupLocation: terminal });
    const b1 = await createRelease(server, carrier, { blNumber: blB, pickupLocation: terminal });
    const addresses = [a1.address, a2.address, b1.address];
    const calls = custodyCaller(server);

    // Transfer: the receiving organisation's users with transfer e-mail on.
    let since = counted();
    const transfer = await calls.act(actingAs(carrier), 'transfer', addresses, forwarder.address);
    expect(transfer.applied.status, JSON.stringify(transfer.applied.body)).toBe(201);
    const [fr, nl] = await newSubjects([french, dutch], since);
    expect(fr).toEqual(
      [
        `2 libérations de conteneur vous ont été transférées par ${carrier.name} – BL ${blA}`,
        `1 libération de conteneur vous a été transférée par ${carrier.name} – BL ${blB}`,
      ].sort(),
    );
    expect(nl).toEqual(
      [a1, a2, b1]
        .map(
          (r) =>
            `1 containervrijgave werd aan u overgedragen door ${carrier.name} – ${r.blNumber} : ${r.containerNumber}`,
        )
        .sort(),
    );
    // Transfer e-mail is off by default, and the admin did not turn it on.
    expect(inbox(german)).toEqual([]);
    expect(inbox(admin)).toEqual([]);

    // A carrier's edit: update e-mail, on by default, so the German user gets it too.
    since = counted();
    const edit = await api(`releases?${addresses.map((a) => `address[$in]=${a}`).join('&')}`, {
      method: 'PATCH',
      token: carrier.tokens[0],
      body: { turnInReference: 'REF-42' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const edited = await newSubjects([french, dutch, german], since);
    expect(edited[0]).toEqual(
      [
        `2 libérations de conteneur ont été modifiées par ${carrier.name} – BL ${blA}`,
        `1 libération de conteneur a été modifiée par ${carrier.name} – BL ${blB}`,
      ].sort(),
    );
    expect(
      edited[1]!.every((s) =>
        s.startsWith(`1 containervrijgave werd gewijzigd door ${carrier.name} – `),
      ),
    ).toBe(true);
    expect(edited[2]).toEqual(
      [a1, a2, b1]
        .map(
          (r) =>
            `1 Containerfreigabe wurde von ${carrier.name} geändert – ${r.blNumber} : ${r.containerNumber}`,
        )
        .sort(),
    );
    const [germanEdit] = inbox(german).slice(-1);
    expect(germanEdit!.text).toContain('Hallo Test,');
    expect(germanEdit!.text).toMatch(/\n\nBL : Container\nTBL\w+ : TSTU\d{7}\n\n/);
    expect(germanEdit!.text).toMatch(
      /Sehen Sie sie in Secure Container Release: http\S+\/releases\n/,
    );
    expect(inbox(admin)).toEqual([]);
    expect(carrier.users.flatMap(inbox)).toEqual([]);

    // On to the haulier, who assigns it to a driver: the chain hears of the assignment.
    const onward = await calls.act(actingAs(forwarder), 'transfer', [b1.address], haulier.address);
    expect(onward.applied.status, JSON.stringify(onward.applied.body)).toBe(201);
    const { name: _name, ...assignee } = await prepareAlfaPassAssignment(server.knex, {
      organization: haulier,
      terminal,
      driver: { alfaPass: '482913', firstName: 'Jef', lastName: 'Peeters' },
      carrier,
    });
    since = counted();
    const assigned = await assignmentCaller(server).act(
      actingAs(haulier),
      'assign',
      [b1.address],
      assignee,
    );
    expect(assigned.applied.status, JSON.stringify(assigned.applied.body)).toBe(200);
    const onAssign = await newSubjects([carrier.users[0]!, french, dutch, german], since);
    expect(onAssign).toEqual([
      [
        `1 container release was assigned for pick-up by ${haulier.name} – ${blB} : ${b1.containerNumber}`,
      ],
      [
        `1 libération de conteneur a été assignée pour l'enlèvement par ${haulier.name} – BL ${blB}`,
      ],
      [
        `1 containervrijgave werd toegewezen voor ophaling door ${haulier.name} – ${blB} : ${b1.containerNumber}`,
      ],
      [
        `1 Containerfreigabe wurde von ${haulier.name} zur Abholung zugewiesen – ${blB} : ${b1.containerNumber}`,
      ],
    ]);
    expect(haulier.users.flatMap(inbox)).toEqual([]);

    // The gate-out, reported by the terminal's system: every party of the chain.
    since = counted();
    const out = await api('gate-outs', {
      method: 'POST',
      apiKey: gateKey,
      body: { terminal, containerNumber: b1.containerNumber },
    });
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    const onGateOut = await newSubjects([haulier.users[0]!, german], since);
    expect(onGateOut).toEqual([
      [
        `1 container release was picked up at the terminal of ${terminalOrg.name} – ${blB} : ${b1.containerNumber}`,
      ],
      [
        `1 Containerfreigabe wurde am Terminal von ${terminalOrg.name} abgeholt – ${blB} : ${b1.containerNumber}`,
      ],
    ]);

    // A carrier's delete: the haulier is in no chain of a2, so only the forwarder hears of it.
    since = counted();
    const removed = await api(`releases/${a2.address}`, {
      method: 'DELETE',
      token: carrier.tokens[0],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const onDelete = await newSubjects([french, german], since);
    expect(onDelete).toEqual([
      [`1 libération de conteneur a été supprimée par ${carrier.name} – BL ${blA}`],
      [`1 Containerfreigabe wurde von ${carrier.name} gelöscht – ${blA} : ${a2.containerNumber}`],
    ]);
    expect(inbox(haulier.users[0]!).slice(since.get(haulier.users[0]!.email))).toEqual([]);
  });
});
