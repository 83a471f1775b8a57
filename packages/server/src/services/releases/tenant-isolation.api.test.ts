import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addParty,
  createRelease,
  releasePayload,
  releaseTerminal,
} from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let otherCarrier: SignedInOrganization;
let forwarder: SignedInOrganization;
let outsider: SignedInOrganization;
let terminal: string;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  [carrier, otherCarrier, forwarder, outsider] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { role: 'other' }),
    signedInOrganization(server, { role: 'other' }),
  ]);
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

const terms = (blNumber: string, token: string | undefined) =>
  api(`bills-of-lading/terms/${encodeURIComponent(blNumber)}`, {
    method: 'POST',
    token,
    body: { includeadr: true },
  });

/** A release of `carrier` passed on to `forwarder`, with terms on its BL. */
async function chain() {
  const made = await createRelease(server, carrier, {
    pickupLocation: terminal,
    termsHtml: '<p>Free time <b>5 days</b></p>',
  });
  await addParty(server.knex, made.address, forwarder.id);
  return made;
}

describe('DESIGN §3 "Tenancy": a release outside the caller\'s chain answers not found', () => {
  it('get: the chain sees it (each as it stands in it), everyone else gets 404', async () => {
    const made = await chain();
    const asCarrier = await api(`releases/${made.address}`, { token: carrier.tokens[1] });
    expect(asCarrier.body).toMatchObject({
      transferStatus: 'transferred',
      transferTo: forwarder.name,
      receivedFrom: null,
    });
    const asForwarder = await api(`releases/${made.address}`, { token: forwarder.tokens[1] });
    expect(asForwarder.status).toBe(200);
    expect(asForwarder.body).toMatchObject({ transferStatus: 'owned', receivedFrom: carrier.name });
    for (const token of [outsider.tokens[1], otherCarrier.tokens[1]]) {
      const answer = await api(`releases/${made.address}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body.data.code).toBe('not_found');
    }
  });

  it('answers a foreign release exactly like one that does not exist', async () => {
    const made = await chain();
    const foreign = await api(`releases/${made.address}`, { token: outsider.tokens[1] });
    const missing = await api('releases/0x2222222222222222222222222222222222222222', {
      token: outsider.tokens[1],
    });
    const nonsense = await api('releases/not-an-address', { token: outsider.tokens[1] });
    expect(foreign).toEqual(missing);
    expect(nonsense).toEqual(missing);
  });

  it('patch: another carrier gets 404 (alone or in a multi-edit), a party that is not its carrier 403', async () => {
    const made = await chain();
    const single = await api(`releases/${made.address}`, {
      method: 'PATCH',
      token: otherCarrier.tokens[1],
      body: { vessel: 'Hijacked' },
    });
    expect(single.status).toBe(404);
    const many = await api(`releases?address[$in]=${made.address}`, {
      method: 'PATCH',
      token: otherCarrier.tokens[1],
      body: { vessel: 'Hijacked' },
    });
    expect(many.body).toEqual([{ address: made.address, error: 'notFound' }]);
    const party = await api(`releases/${made.address}`, {
      method: 'PATCH',
      token: forwarder.tokens[1],
      body: { vessel: 'Hijacked' },
    });
    expect(party.status).toBe(403);
    const stored = await server.knex('releases').where({ address: made.address }).first();
    // Created (1), then transferred to the forwarder (2): no edit.
    expect(stored.version).toBe(2);
  });

  it('remove: another carrier gets 404, a non-carrier 403, and nothing changes', async () => {
    const made = await chain();
    const foreign = await api(`releases/${made.address}`, {
      method: 'DELETE',
      token: otherCarrier.tokens[1],
    });
    expect(foreign.status).toBe(404);
    const many = await api(`releases?address[$in]=${made.address}`, {
      method: 'DELETE',
      token: otherCarrier.tokens[1],
    });
    expect(many.body).toEqual([{ address: made.address, error: 'notFound' }]);
    const party = await api(`releases/${made.address}`, {
      method: 'DELETE',
      token: forwarder.tokens[1],
    });
    expect(party.status).toBe(403);
    const stored = await server.knex('releases').where({ address: made.address }).first();
    expect(stored.release_status).toBe('released');
  });

  it('a party revoked out of the chain no longer sees it', async () => {
    const made = await chain();
    await server
      .knex('release_parties as p')
      .whereIn(
        'p.release_id',
        server.knex('releases').select('id').where({ address: made.address }),
      )
      .where('p.organization_id', forwarder.id)
      .update({ active: false });
    expect((await api(`releases/${made.address}`, { token: forwarder.tokens[1] })).status).toBe(
      404,
    );
    expect((await terms(made.blNumber, forwarder.tokens[1])).status).toBe(404);
  });
});

describe('POST /bills-of-lading/terms/{blNumber} (releases spec §7 "HTTP calls")', () => {
  it("answers {data: {html}} to every party of one of the BL's releases, 404 to anyone else", async () => {
    const made = await chain();
    for (const token of [carrier.tokens[1], forwarder.tokens[1]]) {
      const answer = await terms(made.blNumber, token);
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ data: { html: '<p>Free time <b>5 days</b></p>' } });
    }
    for (const token of [outsider.tokens[1], otherCarrier.tokens[1]]) {
      const answer = await terms(made.blNumber, token);
      expect(answer.status).toBe(404);
    }
    expect((await terms('NO-SUCH-BL', carrier.tokens[1])).status).toBe(404);
    expect((await terms(made.blNumber, undefined)).status).toBe(401);
  });

  it('stores and answers the terms sanitised: no scripts, event handlers or javascript: links', async () => {
    const body = await releasePayload(server.knex, { pickupLocation: terminal });
    body.billOfLading.termsHtml =
      '<p onmouseover="steal()">Terms</p><script>alert(document.cookie)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>';
    const created = await api('releases', { method: 'POST', token: carrier.tokens[1], body });
    expect(created.status).toBe(201);
    const stored = await server
      .knex('bills_of_lading')
      .where({ id: created.body.billOfLadingId })
      .first();
    expect(stored.terms_html).not.toMatch(/script|onmouseover|onerror|javascript|<img/i);
    const answer = await terms(body.billOfLading.blNumber!, carrier.tokens[1]);
    expect(answer.body.data.html).toBe(
      '<p>Terms</p><a rel="noopener noreferrer" target="_blank">x</a>',
    );
    // Even terms written straight into the database leave sanitised.
    await server
      .knex('bills_of_lading')
      .where({ id: created.body.billOfLadingId })
      .update({ terms_html: '<b>ok</b><script>alert(1)</script>' });
    expect((await terms(body.billOfLading.blNumber!, carrier.tokens[1])).body.data.html).toBe(
      '<b>ok</b>',
    );
  });

  it('finds a BL number with spaces, slashes and accents in the path', async () => {
    const made = await createRelease(server, carrier, {
      pickupLocation: terminal,
      blNumber: `SOL U/${Date.now()} é`,
      termsHtml: '<p>odd</p>',
    });
    expect((await terms(made.blNumber, carrier.tokens[1])).body).toEqual({
      data: { html: '<p>odd</p>' },
    });
  });

  it('answers an empty text for a BL without terms', async () => {
    const made = await createRelease(server, carrier, { pickupLocation: terminal });
    expect((await terms(made.blNumber, carrier.tokens[1])).body).toEqual({ data: { html: '' } });
  });
});
