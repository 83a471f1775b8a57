import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { adminCast, apiCaller, signedInOrganization, unique } from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
const port = { locode: 'BEANR', name: 'Antwerp', country: 'BE' };

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  await server.knex('ports').insert(port).onConflict('locode').ignore();
});
afterAll(() => server?.stop());

/** A terminal of the test's own, owned by `ownerId`. */
async function terminalOf(ownerId: number | null) {
  const code = `T${randomBytes(4).toString('hex')}`;
  await server.knex('terminals').insert({
    code,
    name: unique('Kaai'),
    port_locode: port.locode,
    identification_method: 'alfapass',
    owner_organization_id: ownerId,
  });
  return code;
}

describe('terminals and ports (releases spec §6 "terminals", §7 "terminals find", "ports find")', () => {
  it('lets every signed-in user find terminals by code and ports sorted by name', async () => {
    const org = await signedInOrganization(server);
    const code = await terminalOf(null);
    const found = await api(`terminals?code=${code}`, { token: org.tokens[1] });
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      expect.objectContaining({
        code,
        portLocode: 'BEANR',
        portName: 'Antwerp',
        identificationMethod: 'alfapass',
        securePickupEnabled: false,
        canConfigure: false,
      }),
    ]);
    const ports = await api('ports', { token: org.tokens[1] });
    const names = ports.body.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
    expect((await api('ports')).status).toBe(401);
  });

  it("lets a terminal organisation's admin change the settings of its own terminals, and only those", async () => {
    const operator = await signedInOrganization(server, { role: 'terminal' });
    const own = await terminalOf(operator.id);
    const other = await terminalOf(null);
    const settings = {
      name: 'Quay 1742',
      identificationMethod: 'itsme',
      pinsAllowed: false,
      securePickupEnabled: true,
      greenLightsShown: false,
    };
    const changed = await api(`terminals/${own}`, {
      method: 'PATCH',
      token: operator.tokens[0],
      body: settings,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ ...settings, canConfigure: true });
    const elsewhere = await api(`terminals/${other}`, {
      method: 'PATCH',
      token: operator.tokens[0],
      body: { securePickupEnabled: true },
    });
    expect(elsewhere.status).toBe(403);
    const moveOwner = await api(`terminals/${own}`, {
      method: 'PATCH',
      token: operator.tokens[0],
      body: { ownerOrganizationId: null },
    });
    expect(moveOwner.status).toBe(403);
    const byMember = await api(`terminals/${own}`, {
      method: 'PATCH',
      token: operator.tokens[1],
      body: { pinsAllowed: true },
    });
    expect(byMember.status).toBe(403);
    const editable = await api('terminals?editable=true', { token: operator.tokens[0] });
    expect(editable.body.map((t: { code: string }) => t.code)).toEqual([own]);
  });

  it('refuses the admin of an organisation that is not a terminal, even as owner', async () => {
    const forwarder = await signedInOrganization(server, { role: 'other' });
    const code = await terminalOf(forwarder.id);
    const answer = await api(`terminals/${code}`, {
      method: 'PATCH',
      token: forwarder.tokens[0],
      body: { securePickupEnabled: true },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.data.code).toBe('forbidden');
  });

  it('lets support create terminals and assign them to a terminal organisation', async () => {
    const { support, a } = await adminCast(server);
    const operator = await signedInOrganization(server, { role: 'terminal' });
    const code = `N${randomBytes(4).toString('hex')}`;
    const created = await api('terminals', {
      method: 'POST',
      token: support,
      body: {
        code,
        name: 'New Deepsea Terminal',
        portLocode: 'BEANR',
        ownerOrganizationId: operator.id,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code,
      ownerOrganizationId: operator.id,
      pinsAllowed: true,
    });
    const wrongOwner = await api(`terminals/${code}`, {
      method: 'PATCH',
      token: support,
      body: { ownerOrganizationId: a.id },
    });
    expect(wrongOwner.status).toBe(400);
    expect(wrongOwner.body.data.fields).toEqual({
      ownerOrganizationId: 'validation.terminalOrganization',
    });
    const byOperator = await api('terminals', {
      method: 'POST',
      token: operator.tokens[0],
      body: { code: `X${code}`, name: 'Mine', portLocode: 'BEANR' },
    });
    expect(byOperator.status).toBe(403);
    const duplicate = await api('terminals', {
      method: 'POST',
      token: support,
      body: { code, name: 'Again', portLocode: 'BEANR' },
    });
    expect(duplicate.status).toBe(409);
    const badMethod = await api(`terminals/${code}`, {
      method: 'PATCH',
      token: support,
      body: { identificationMethod: 'fingerprint' },
    });
    expect(badMethod.status).toBe(400);
  });
});
