import { keccak256, toUtf8Bytes, Wallet, verifyMessage } from 'ethers';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { eventHash, statementHash } from './event-hash.ts';
import { buildStatement, parseStatement, pincodeHash, statementText } from './statements.ts';

describe('DESIGN §3 "Statements": canonical JSON', () => {
  it('sorts keys and leaves no spaces', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: 1, y: 2 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"y":2,"z":1}}',
    );
  });

  it('reproduces the design example byte for byte', () => {
    const statement = buildStatement({
      action: 'transfer',
      at: '2026-11-21T08:00:00.000Z',
      by: '0xA1',
      to: '0xB2',
      releases: [{ address: '0xC3', pincodeHash: '0xD4', version: 7 }],
    });
    expect(statementText(statement)).toBe(
      '{"action":"transfer","at":"2026-11-21T08:00:00.000Z","by":"0xA1","releases":[{"address":"0xC3","pincodeHash":"0xD4","version":7}],"to":"0xB2","v":1}',
    );
  });

  it('refuses values JSON cannot carry faithfully', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(TypeError);
  });
});

describe('DESIGN §3 "Statements": pincodeHash and signatures', () => {
  it('hashes the encryptedPincode string exactly as sent, or null', () => {
    expect(pincodeHash('c2VhbGVk')).toBe(keccak256(toUtf8Bytes('c2VhbGVk')));
    expect(pincodeHash(null)).toBeNull();
  });

  it('gives the same text whatever order the releases came in, and a signature that recovers the signer', async () => {
    const signer = Wallet.createRandom();
    const releases = [
      { address: '0x2', version: 1, pincodeHash: null },
      { address: '0x1', version: 3, pincodeHash: null },
    ];
    const at = new Date().toISOString();
    const a = statementText(buildStatement({ action: 'revoke', at, by: signer.address, releases }));
    const b = statementText(
      buildStatement({
        action: 'revoke',
        at,
        by: signer.address,
        releases: [...releases].reverse(),
      }),
    );
    expect(a).toBe(b);
    expect(verifyMessage(a, await signer.signMessage(a))).toBe(signer.address);
    expect(parseStatement(a).releases.map((r) => r.address)).toEqual(['0x1', '0x2']);
  });

  it('refuses a statement text that is not canonical or not a statement', () => {
    expect(() =>
      parseStatement('{"v":1, "action":"revoke","at":"x","by":"y","releases":[]}'),
    ).toThrow();
    expect(() => parseStatement('{"action":"dance","releases":[],"v":1}')).toThrow(
      'not a statement',
    );
  });

  it('decides canonical exactly as canonicalJson, on its fast path and off it', () => {
    const canonical = (text: string) => {
      try {
        parseStatement(text);
        return true;
      } catch {
        return false;
      }
    };
    const statement = (releases: string, extra = '') =>
      `{"action":"revoke","at":"x","by":"y",${extra}"releases":[${releases}],"v":1}`;
    const release = '{"address":"0x1","pincodeHash":null,"version":2}';
    expect(canonical(statement(release))).toBe(true);
    // Keys out of order inside a release, a space, an escape spelt otherwise, a number spelt
    // otherwise, a key twice: each is refused.
    expect(canonical(statement('{"version":2,"address":"0x1","pincodeHash":null}'))).toBe(false);
    expect(canonical(statement(release.replace(':2', ': 2')))).toBe(false);
    expect(canonical(statement(release.replace('0x1', '0x\\u0031')))).toBe(false);
    expect(canonical(statement(release.replace(':2', ':2.0')))).toBe(false);
    expect(canonical(statement(release, '"at":"z",'))).toBe(false);
    // Keys V8 keeps in integer order ("10" before "9"): canonicalJson's code-point order decides.
    const integerKeys = { '10': 1, '9': 2 };
    expect(canonical(statement(release, `"details":${canonicalJson(integerKeys)},`))).toBe(true);
    expect(canonical(statement(release, '"details":{"9":2,"10":1},'))).toBe(false);
  });
});

describe('DESIGN §3 "custody ledger": event hashes', () => {
  const event = {
    releaseAddress: '0xabc',
    sequence: 1,
    operation: 'create',
    releaseVersion: 1,
    statementHash: statementHash('{}'),
    prevHash: null,
    record: {
      actor: 'system',
      userId: null,
      sourceOrganizationId: null,
      targetOrganizationId: null,
      description: { reason: 'expired' },
      createdAt: '2026-11-21T08:00:00.000Z',
    },
  };

  it('changes with any field, so a changed byte breaks the chain', () => {
    const hash = eventHash(event);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(eventHash({ ...event, statementHash: statementHash('{ }') })).not.toBe(hash);
    expect(eventHash({ ...event, prevHash: hash })).not.toBe(hash);
    expect(
      eventHash({ ...event, record: { ...event.record, description: { reason: 'other' } } }),
    ).not.toBe(hash);
    expect(eventHash({ ...event })).toBe(hash);
  });
});
