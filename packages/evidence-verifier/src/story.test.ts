import { describe, expect, it } from 'vitest';
import { custodyStory, moment } from './story.ts';
import { alfaPass, cast, server, testBundle, wholeChain, type Step } from './test-bundle.ts';
import { verifyEvidence } from './verify.ts';

/** The story of a bundle made of these steps, which must verify. */
function storyOf(steps: readonly Step[] = wholeChain) {
  const verdict = verifyEvidence(testBundle(steps).text);
  if (!verdict.verified) throw new Error(`${verdict.where}: ${verdict.problem}`);
  return custodyStory(verdict.bundle, verdict.states);
}

const [carrier, forwarder, haulier] = [cast.carrier, cast.forwarder, cast.haulier].map(
  (organization) => ({ ...organization, address: organization.wallet.address }),
);

describe('docs/ledger.md, "Evidence bundles": the custody story in plain words', () => {
  it('tells who held the container when, each event signed by which organisation and address', () => {
    const lines = storyOf().split('\n');
    expect(lines.slice(4, 16)).toEqual([
      'Container MSKU1234565, BL SOLU2611001 (release 0x00000000000000000000000000000000000000c0): 7 events',
      `  1. 2026-11-21 08:00:00 UTC  Scheldt Ocean Line NV released the container, valid from 2026-11-21 until 2026-12-05, to be picked up at terminal 1742; Scheldt Ocean Line NV holds it. Recorded and signed by the server ${server.address}.`,
      `  2. 2026-11-21 09:15:00 UTC  Scheldt Ocean Line NV transferred it to Kempen Forwarding BV, who holds it now. Signed by Scheldt Ocean Line NV, ${carrier!.address}.`,
      `  3. 2026-11-22 07:30:00 UTC  Kempen Forwarding BV transferred it to Antwerp Haulage NV, who holds it now. Signed by Kempen Forwarding BV, ${forwarder!.address}.`,
      `  4. 2026-11-22 07:45:00 UTC  Antwerp Haulage NV assigned it to a driver identified by alfaPass •••305. Signed by Antwerp Haulage NV, ${haulier!.address}.`,
      `  5. 2026-11-23 10:02:00 UTC  Gate check at terminal 1742, by MPET Deurganck: alfaPass •••305 presented, allowed. Recorded and signed by the server ${server.address}.`,
      `  6. 2026-11-23 10:05:00 UTC  Picked up: gate-out at terminal 1742 at 2026-11-23 10:05:00 UTC, reported by MPET Deurganck. Recorded and signed by the server ${server.address}.`,
      `  7. 2026-11-23 10:05:00 UTC  It was archived. Recorded and signed by the server ${server.address}.`,
      '  Custody: Scheldt Ocean Line NV from 2026-11-21 08:00:00 UTC until 2026-11-21 09:15:00 UTC; then Kempen Forwarding BV from 2026-11-21 09:15:00 UTC until 2026-11-22 07:30:00 UTC; then Antwerp Haulage NV from 2026-11-22 07:30:00 UTC until the gate-out at 2026-11-23 10:05:00 UTC.',
      '  After the last event: picked up, gate-out at 2026-11-23 10:05:00 UTC, archived, held by Antwerp Haulage NV, assigned by Antwerp Haulage NV to a driver identified by alfaPass •••305.',
      '',
      'Organisations:',
    ]);
  });

  it('opens with the export, the server to compare and the checkpoint, and lists the organisations', () => {
    const story = storyOf();
    expect(story.split('\n').slice(0, 3)).toEqual([
      `Evidence bundle of container MSKU1234565, exported 2026-11-24 12:00:01 UTC by Antwerp Haulage NV (${haulier!.address}).`,
      `The server is ${server.address}: compare it with the serverAddress the portal publishes (GET /api/app-info).`,
      expect.stringMatching(
        /^Every event below is in the server's signed checkpoint of 12 ledger events \(root 0x[0-9a-f]{64}, signed 2026-11-24 12:00:00 UTC\)\.$/,
      ),
    ]);
    expect(story).toContain(
      `  MPET Deurganck (terminal, id 4): address ${cast.terminal.wallet.address}`,
    );
  });

  it('never prints an identification in clear, nor the driver’s name', () => {
    const story = storyOf();
    expect(story).not.toContain(alfaPass);
    expect(story).not.toContain('Jan Peeters');
  });

  it('tells blocks, revokes and the holder who has it again', () => {
    const [create, toForwarder, toHaulier] = wholeChain;
    const story = storyOf([
      create!,
      toForwarder!,
      toHaulier!,
      { operation: 'block', source: 'carrier', signer: 'carrier', at: '2026-11-22T08:00:00.000Z' },
      {
        operation: 'revoke',
        source: 'forwarder',
        signer: 'forwarder',
        description: { revokedFrom: [cast.haulier.name] },
        at: '2026-11-22T09:00:00.000Z',
      },
      {
        operation: 'unblock',
        source: 'carrier',
        signer: 'carrier',
        at: '2026-11-22T10:00:00.000Z',
      },
    ]);
    expect(story).toContain(
      '  4. 2026-11-22 08:00:00 UTC  Scheldt Ocean Line NV blocked it. Signed by',
    );
    expect(story).toContain(
      '  5. 2026-11-22 09:00:00 UTC  Kempen Forwarding BV revoked it from Antwerp Haulage NV; Kempen Forwarding BV holds it again. Signed by Kempen Forwarding BV',
    );
    expect(story).toContain('  6. 2026-11-22 10:00:00 UTC  Scheldt Ocean Line NV unblocked it.');
    expect(story).toContain(
      'then Antwerp Haulage NV from 2026-11-22 07:30:00 UTC until 2026-11-22 09:00:00 UTC; then Kempen Forwarding BV from 2026-11-22 09:00:00 UTC to the last event.',
    );
    expect(story).toContain('  After the last event: released, held by Kempen Forwarding BV.');
  });

  it('writes times in UTC, to the second', () => {
    expect(moment('2026-11-21T08:00:00.123Z')).toBe('2026-11-21 08:00:00 UTC');
    expect(moment('not a time')).toBe('not a time');
  });
});
