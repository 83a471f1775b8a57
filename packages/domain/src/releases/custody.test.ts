import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { pincodeHash, statementText } from '../ledger/statements.ts';
import { custodyCall, custodyPermission, custodyStatement, statementProblem } from './custody.ts';

const org = Wallet.createRandom();
const target = Wallet.createRandom().address;
const now = new Date('2026-11-21T10:00:00.000Z');
const releases = [
  {
    address: '0x00000000000000000000000000000000000000b2',
    version: 3,
    pincodeHash: pincodeHash('c2'),
  },
  { address: '0x00000000000000000000000000000000000000a1', version: 1, pincodeHash: null },
];
const statement = custodyStatement({
  action: 'transfer',
  by: org.address,
  at: now.toISOString(),
  releases,
  to: target,
});
const call = {
  action: 'transfer' as const,
  signer: org.address,
  organizationAddress: org.address,
  targetAddress: target,
  releases,
  now,
};

describe('DESIGN §3 statements: the second call must be exactly what was signed', () => {
  it('sorts releases by address, so the browser and the server build the same bytes', () => {
    expect(statement.releases.map((r) => r.version)).toEqual([1, 3]);
    expect(statementText(statement)).toBe(
      statementText(
        custodyStatement({
          action: 'transfer',
          by: org.address,
          at: now.toISOString(),
          releases: [...releases].reverse(),
          to: target,
        }),
      ),
    );
  });

  it('accepts the exact call', () => {
    expect(statementProblem(statement, call)).toBeNull();
  });

  it.each([
    ['action', { action: 'revoke' as const }],
    ['signer', { signer: Wallet.createRandom().address }],
    ['signer', { organizationAddress: Wallet.createRandom().address }],
    ['target', { targetAddress: Wallet.createRandom().address }],
    ['time', { now: new Date(now.getTime() + 5 * 60 * 1000 + 1) }],
    ['releases', { releases: releases.slice(1) }],
    ['releases', { releases: [{ ...releases[0]!, address: target }, releases[1]!] }],
    ['versions', { releases: [{ ...releases[0]!, version: 4 }, releases[1]!] }],
    [
      'pincodes',
      { releases: [{ ...releases[0]!, pincodeHash: pincodeHash('other') }, releases[1]!] },
    ],
  ])('refuses a call that differs in %s', (problem, change) => {
    expect(statementProblem(statement, { ...call, ...change })).toBe(problem);
  });

  it('a statement within five minutes of the server clock is on time', () => {
    expect(
      statementProblem(statement, { ...call, now: new Date(now.getTime() - 299_000) }),
    ).toBeNull();
  });

  it('only a transfer names a target', () => {
    const revoke = custodyStatement({
      action: 'revoke',
      by: org.address,
      at: now.toISOString(),
      releases,
    });
    expect(statementProblem(revoke, { ...call, action: 'revoke', targetAddress: null })).toBeNull();
    expect(statementProblem({ ...revoke, to: target }, { ...call, action: 'revoke' })).toBe(
      'target',
    );
  });
});

describe('releases spec §6: who may take a custody action at all', () => {
  const none = { canTransferRevoke: false };
  const premium = { canTransferRevoke: true };
  it('terminals take none', () => {
    for (const action of ['transfer', 'revoke', 'block', 'unblock', 'pincode'] as const) {
      expect(custodyPermission(action, 'terminal', premium)).toBe('forbidden');
    }
  });
  it('carriers transfer, revoke, block and unblock, but fetch no pincode', () => {
    expect(custodyPermission('transfer', 'carrier', none)).toBe('allowed');
    expect(custodyPermission('revoke', 'carrier', none)).toBe('allowed');
    expect(custodyPermission('block', 'carrier', none)).toBe('allowed');
    expect(custodyPermission('pincode', 'carrier', premium)).toBe('forbidden');
  });
  it('non-carriers transfer and revoke with canTransferRevoke; fetch pincodes without it', () => {
    expect(custodyPermission('transfer', 'other', none)).toBe('subscriptionRequired');
    expect(custodyPermission('revoke', 'other', none)).toBe('subscriptionRequired');
    expect(custodyPermission('transfer', 'other', premium)).toBe('allowed');
    expect(custodyPermission('pincode', 'other', none)).toBe('allowed');
  });
});

describe('DESIGN §3, issue 10 item 4: custodyCall, the one builder of the signed call', () => {
  const release = (address: string, version: number, hash: string | null) => ({
    address,
    version,
    pincodeHash: hash,
  });

  it('a transfer signs the hashes of the copies sent to the target, and sends those copies', () => {
    const call = custodyCall({
      action: 'transfer',
      by: '0xB',
      at: '2026-11-23T10:00:00.000Z',
      to: '0xT',
      covered: [
        { release: release('0x2', 3, '0xold'), sent: 'sealed-for-target' },
        { release: release('0x1', 1, null), sent: null },
      ],
    });
    expect(call.statement.to).toBe('0xT');
    expect(call.statement.releases).toEqual([
      { address: '0x1', version: 1, pincodeHash: null },
      { address: '0x2', version: 3, pincodeHash: pincodeHash('sealed-for-target') },
    ]);
    expect(call.body).toEqual({
      release_addresses: [
        { address: '0x2', version: 3, encryptedPincode: 'sealed-for-target' },
        { address: '0x1', version: 1, encryptedPincode: null },
      ],
      target_organization_address: '0xT',
    });
  });

  it('any other action signs the stored copies’ hashes and sends no pincode and no target', () => {
    const call = custodyCall({
      action: 'revoke',
      by: '0xB',
      at: '2026-11-23T10:00:00.000Z',
      covered: [{ release: release('0x1', 2, '0xstored') }],
    });
    expect(call.statement.releases).toEqual([
      { address: '0x1', version: 2, pincodeHash: '0xstored' },
    ]);
    expect(call.statement.to).toBeUndefined();
    expect(call.body).toEqual({ release_addresses: [{ address: '0x1', version: 2 }] });
  });
});
