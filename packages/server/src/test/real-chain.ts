import { expect } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from './admin-kit.ts';
import { prepareAlfaPassAssignment } from './assignment.ts';
import { actingAs, assignmentCaller, custodyCaller, signedInChain } from './custody.ts';
import { createRelease, releaseTerminal } from './factories-releases.ts';
import type { TestServer } from './start-app.ts';

/** The organisations of a real chain (`realChain`). */
export interface RealChainCast {
  carrier: SignedInOrganization;
  forwarder: SignedInOrganization;
  haulier: SignedInOrganization;
  terminalOrg: SignedInOrganization;
  terminal: string;
  gateKey: string;
}

/**
 * A carrier with Secure Pick-up, a forwarder and a haulier connected in a chain, a terminal
 * organisation owning a Secure Pick-up terminal, and its gate's API key.
 */
export async function realChainCast(server: TestServer): Promise<RealChainCast> {
  const api = apiCaller(server);
  const [[carrier, forwarder, haulier], terminalOrg] = await Promise.all([
    signedInChain(server, [{ fields: { secure_pickup_enabled: true } }, {}, {}]),
    signedInOrganization(server, { role: 'terminal' }),
  ]);
  const terminal = await releaseTerminal(server.knex, { securePickup: true });
  await server.knex('terminals').where({ code: terminal }).update({
    owner_organization_id: terminalOrg.id,
  });
  const key = await api('api-keys', {
    method: 'POST',
    token: terminalOrg.tokens[0],
    body: { name: 'gate', scopes: ['gate:write'] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  return { carrier, forwarder, haulier, terminalOrg, terminal, gateKey: key.body.key };
}

/**
 * A release through the whole chain with the real calls, each signed as the wallet would:
 * created with a pincode by the carrier, transferred carrier → forwarder → haulier, assigned by
 * the haulier to a driver by alfaPass, checked at the gate (allowed) and picked up (gate-out).
 * `until` stops earlier. Answers the release as created.
 */
export async function realChain(
  server: TestServer,
  cast: RealChainCast,
  options: { alfaPass?: string; until?: 'transferred' | 'assigned' } = {},
) {
  const api = apiCaller(server);
  const calls = custodyCaller(server);
  const assignments = assignmentCaller(server);
  const { carrier, forwarder, haulier, terminal, gateKey } = cast;
  const release = await createRelease(server, carrier, {
    pickupLocation: terminal,
    pincode: '482913',
  });
  for (const [from, to] of [
    [carrier, forwarder],
    [forwarder, haulier],
  ] as const) {
    const moved = await calls.act(actingAs(from), 'transfer', [release.address], to.address);
    expect(moved.applied.status, JSON.stringify(moved.applied.body)).toBe(201);
  }
  if (options.until === 'transferred') return release;
  const alfaPass = options.alfaPass ?? String(100000 + Math.floor(Math.random() * 800000));
  const { name: _name, ...assignee } = await prepareAlfaPassAssignment(server.knex, {
    organization: haulier,
    terminal,
    driver: { alfaPass, firstName: 'Jan', lastName: 'Peeters' },
    carrier,
  });
  const assigned = await assignments.act(actingAs(haulier), 'assign', [release.address], assignee);
  expect(assigned.applied.status, JSON.stringify(assigned.applied.body)).toBe(200);
  if (options.until === 'assigned') return release;
  const checked = await api('gate-checks', {
    method: 'POST',
    apiKey: gateKey,
    body: {
      terminal,
      containerNumber: release.containerNumber,
      identification: { type: 'alfapass', value: alfaPass },
    },
  });
  expect(checked.body, JSON.stringify(checked.body)).toMatchObject({ allowed: true });
  const out = await api('gate-outs', {
    method: 'POST',
    apiKey: gateKey,
    body: { terminal, containerNumber: release.containerNumber },
  });
  expect(out.status, JSON.stringify(out.body)).toBe(201);
  return release;
}
