import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCast, apiCaller } from '../../test/admin-kit.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { waitFor } from '../../test/wait-for.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let api: ReturnType<typeof apiCaller>;
let cast: Awaited<ReturnType<typeof adminCast>>;
const supportEmail = 'desk@support.test';

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: { ...smtp.env, SUPPORT_EMAIL: supportEmail } });
  api = apiCaller(server);
  cast = await adminCast(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** A 1×1 PNG. */
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ticket = (changes: Record<string, unknown> = {}) => ({
  title: 'Transfer button stays grey',
  content: 'I cannot transfer SOLANR2611001 to the haulier.',
  email: 'planner@kempen.test',
  ...changes,
});
const send = (body: unknown, token = cast.a.tokens[1]) =>
  api('tickets', { method: 'POST', token, body });
const countOf = async (organizationId: number) =>
  Number(
    (await server.knex('tickets').where({ organization_id: organizationId }).count({ n: '*' }))[0]!
      .n,
  );

describe('POST /tickets (access spec §2 "Support ticket", §7 "Tickets")', () => {
  it('stores the ticket, answers a message key and mails SUPPORT_EMAIL with the image attached', async () => {
    const title = `Grey button ${Date.now()}`;
    const answer = await send(
      ticket({
        title,
        name: 'Piet Planner',
        phone: '+32 3 123 45 67',
        company: 'Kempen Forwarding',
        destination: '/releases',
        image: { fileName: 'screen.png', contentBase64: png },
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(Number), message: 'tickets.sent' });
    const row = await server.knex('tickets').where({ id: answer.body.id }).first();
    expect(row).toMatchObject({
      organization_id: cast.a.id,
      user_id: cast.a.users[1]!.id,
      title,
      email: 'planner@kempen.test',
      phone: '+32 3 123 45 67',
      company: 'Kempen Forwarding',
      destination: '/releases',
      status: 'open',
    });
    const image = await server.knex('ticket_images').where({ ticket_id: answer.body.id }).first();
    expect(image).toMatchObject({ file_name: 'screen.png', content_type: 'image/png' });
    const mails = () => smtp.received.filter((mail) => mail.raw.includes(title));
    await waitFor('the ticket e-mail', () => mails().length === 1);
    const mail = mails()[0]!;
    expect(mail.to).toEqual([supportEmail]);
    expect(mail.raw).toContain(`[SCR ticket #${answer.body.id}]`);
    expect(mail.raw).toMatch(/^Reply-To: planner@kempen\.test/m);
    expect(mail.raw).toMatch(/Content-Disposition: attachment; filename=screen\.png/);
    // The text part is quoted-printable: soft line breaks and `=3D` for `=`.
    const text = mail.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(text).toContain(`/admin?section=tickets&ticket=${answer.body.id}`);
    expect(text).toContain(`Organisation: ${cast.a.name} (id ${cast.a.id}`);
  });

  it('access spec §5 "Ticket": title, content and e-mail required, with the form\'s messages', async () => {
    const before = await countOf(cast.a.id);
    const missing = await send({ title: ' ', content: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toMatchObject({
      code: 'validation_failed',
      fields: {
        title: 'tickets.validation.titleRequired',
        content: 'tickets.validation.contentRequired',
        email: 'tickets.validation.emailRequired',
      },
    });
    const invalid = await send(ticket({ email: 'planner-at-kempen', phone: 'call me' }));
    expect(invalid.body.data.fields).toEqual({
      email: 'tickets.validation.emailInvalid',
      phone: 'tickets.validation.phoneInvalid',
    });
    const tooLong = await send(ticket({ title: 'x'.repeat(201) }));
    expect(tooLong.body.data.fields).toEqual({ title: 'tickets.validation.tooLong' });
    const extra = await send(ticket({ priority: 'urgent' }));
    expect(extra.status).toBe(400);
    expect(extra.body.data.code).toBe('validation_failed');
    expect(await countOf(cast.a.id)).toBe(before);
  });

  it('refuses an image by its content: an SVG called .png, HTML, text (DESIGN §3)', async () => {
    const before = await countOf(cast.a.id);
    const fakes = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<!doctype html><html><body>hello</body></html>',
      'just some text that is long enough',
    ];
    for (const fake of fakes) {
      const answer = await send(
        ticket({
          image: { fileName: 'photo.png', contentBase64: Buffer.from(fake).toString('base64') },
        }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields).toEqual({ image: 'tickets.validation.imageNotImage' });
    }
    expect(await countOf(cast.a.id)).toBe(before);
  });

  it('access spec §3: refuses an image over 5 MB with 413, and a body past the limit unread', async () => {
    const before = await countOf(cast.a.id);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const over = await send(
      ticket({ image: { fileName: 'big.jpg', contentBase64: big.toString('base64') } }),
    );
    expect(over.status).toBe(413);
    expect(over.body.data).toMatchObject({
      code: 'payload_too_large',
      fields: { image: 'tickets.validation.imageTooLarge' },
    });
    const huge = Buffer.alloc(6 * 1024 * 1024, 1).toString('base64');
    const refused = await send(ticket({ image: { fileName: 'huge.jpg', contentBase64: huge } }));
    expect(refused.status).toBe(413);
    expect(refused.body.data.fields).toEqual({ image: 'tickets.validation.imageTooLarge' });
    expect(await countOf(cast.a.id)).toBe(before);
  });

  it('needs a signed-in person', async () => {
    expect((await api('tickets', { method: 'POST', body: ticket() })).status).toBe(401);
  });
});

describe('reading tickets: support lists them all, an organisation reads its own', () => {
  let id: number;
  beforeAll(async () => {
    const answer = await send(
      ticket({ title: `Tenancy ${Date.now()}`, image: { fileName: 'a.png', contentBase64: png } }),
    );
    id = answer.body.id;
  });

  it('a ticket of another organisation answers not found, its image too (DESIGN §3 tenancy)', async () => {
    expect((await api(`tickets/${id}`, { token: cast.b.tokens[0] })).status).toBe(404);
    expect((await api(`tickets/${id}`, { token: cast.b.tokens[1] })).status).toBe(404);
    expect((await api(`ticket-images/${id}`, { token: cast.b.tokens[1] })).status).toBe(404);
    expect((await api('tickets/999999999', { token: cast.a.tokens[1] })).status).toBe(404);
    expect((await api('tickets/abc', { token: cast.a.tokens[1] })).status).toBe(404);
    const own = await api(`tickets/${id}`, { token: cast.a.tokens[0] });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      id,
      status: 'open',
      organization: { id: cast.a.id },
      image: { fileName: 'a.png', contentType: 'image/png', size: 70 },
    });
    const image = await api(`ticket-images/${id}`, { token: cast.a.tokens[1] });
    expect(image.body).toEqual({ fileName: 'a.png', contentType: 'image/png', contentBase64: png });
  });

  it('only support lists tickets (the administration), searched and by status', async () => {
    expect((await api('tickets', { token: cast.a.tokens[0] })).status).toBe(403);
    expect((await api('tickets', { token: cast.a.tokens[1] })).status).toBe(403);
    const title = (await api(`tickets/${id}`, { token: cast.support })).body.title;
    const found = await api(`tickets?search=${encodeURIComponent(title)}`, { token: cast.support });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ total: 1, data: [{ id, title }] });
    const all = await api('tickets?$limit=100', { token: cast.support });
    expect(all.body.data.map((t: { id: number }) => t.id)).toContain(id);
    const bad = await api('tickets?status=pending', { token: cast.support });
    expect(bad.status).toBe(400);
  });

  it('only support closes a ticket, and may open it again', async () => {
    const patch = (token: string, status: string) =>
      api(`tickets/${id}`, { method: 'PATCH', token, body: { status } });
    expect((await patch(cast.a.tokens[0]!, 'closed')).status).toBe(403);
    const closed = await patch(cast.support, 'closed');
    expect(closed.body).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    const open = await api(`tickets?status=open&$limit=100`, { token: cast.support });
    expect(open.body.data.map((t: { id: number }) => t.id)).not.toContain(id);
    const reopened = await patch(cast.support, 'open');
    expect(reopened.body).toMatchObject({ status: 'open', closedAt: null, closedBy: null });
    expect((await patch(cast.support, 'done')).status).toBe(400);
  });
});
