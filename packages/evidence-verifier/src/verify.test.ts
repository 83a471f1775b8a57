import type { EvidenceBundle } from '@scr/domain';
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  cast,
  releaseAddress,
  resigned,
  server,
  testBundle,
  wholeChain,
  type Step,
} from './test-bundle.ts';
import { verdictLine, verifyEvidence } from './verify.ts';

const event = (sequence: number) => `release ${releaseAddress}, event ${sequence}`;

/** Where and what a bundle fails, or null when it verifies. */
function failure(input: string | Uint8Array, options: { serverAddress?: string } = {}) {
  const verdict = verifyEvidence(input, options);
  return verdict.verified ? null : { where: verdict.where, problem: verdict.problem };
}

/** A bundle of the whole chain, changed by `change` (on a copy), as its file's text. */
function changed(change: (bundle: EvidenceBundle) => void): string {
  const { bundle } = testBundle();
  const copy = structuredClone(bundle);
  change(copy);
  return JSON.stringify(copy);
}

describe('docs/ledger.md, "Evidence bundles": a bundle that holds', () => {
  it('verifies, with the server pinned or not, as text or as bytes', () => {
    const { text } = testBundle();
    expect(failure(text)).toBeNull();
    expect(failure(text, { serverAddress: server.address.toLowerCase() })).toBeNull();
    expect(failure(new TextEncoder().encode(`\uFEFF${text}`))).toBeNull();
    const verdict = verifyEvidence(text);
    expect(verdictLine(verdict)).toBe('VERIFIED');
  });
});

describe('docs/ledger.md, "Evidence bundles": a malformed file says where', () => {
  it('names the byte where it stops being JSON, counting UTF-8 bytes', () => {
    expect(failure('{"kind": "scr-evidence-bundle",, "v": 1}')).toEqual({
      where: 'the bundle',
      problem: 'it is not valid JSON at byte 31 (a member name (in quotes) was expected)',
    });
    // "é" is two bytes: the stray x is at byte 11, character 10.
    expect(failure('{"a": "é" x}')?.problem).toBe(
      'it is not valid JSON at byte 11 (a comma or "}" was expected)',
    );
    expect(failure('{"a": [1, 2')?.problem).toBe(
      'it is not valid JSON at byte 11 (the file ends too soon)',
    );
    expect(failure('{"a": 01}')?.problem).toBe(
      'it is not valid JSON at byte 7 (a comma or "}" was expected)',
    );
    expect(failure('{"a": "tab\there"}')?.problem).toBe(
      'it is not valid JSON at byte 10 (a string holds a control character)',
    );
    expect(failure('{} {}')?.problem).toBe(
      'it is not valid JSON at byte 3 (something follows the JSON value)',
    );
    expect(failure('')?.problem).toBe('it is not valid JSON at byte 0 (the file ends too soon)');
    expect(failure(`${'['.repeat(70)}${']'.repeat(70)}`)?.problem).toBe(
      'it is not valid JSON at byte 64 (values nest deeper than 64)',
    );
  });

  it('names the byte where it stops being UTF-8', () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
    expect(failure(bytes)).toEqual({
      where: 'the bundle',
      problem: 'it is not UTF-8 text at byte 6',
    });
  });

  it('names the field that is not what a bundle holds', () => {
    const shape = (change: (bundle: Record<string, unknown>) => void) =>
      failure(changed((bundle) => change(bundle as unknown as Record<string, unknown>)))?.problem;
    expect(failure('[]')?.problem).toBe('it is not an evidence bundle: it must be a JSON object');
    expect(shape((b) => (b.kind = 'scr-ledger-checkpoint'))).toBe(
      'it is not an evidence bundle: kind must be "scr-evidence-bundle" (this is no evidence bundle)',
    );
    expect(shape((b) => (b.v = 2))).toBe(
      'it is not an evidence bundle: v must be 1, the version this verifier reads',
    );
    expect(
      shape(
        (b) =>
          delete (
            (b as unknown as EvidenceBundle).releases[0]!.events[2]!.content as Partial<
              EvidenceBundle['releases'][number]['events'][number]['content']
            >
          ).prevHash,
      ),
    ).toBe('it is not an evidence bundle: releases[0].events[2].content.prevHash must be present');
    expect(
      shape((b) => ((b as unknown as EvidenceBundle).releases[0]!.events[1]!.hash = '0x12')),
    ).toBe(
      'it is not an evidence bundle: releases[0].events[1].hash must be a 32-byte hash (0x and 64 hexadecimal digits)',
    );
    expect(
      shape((b) => ((b as unknown as EvidenceBundle).releases[0]!.events[0]!.leafIndex = -1)),
    ).toBe(
      'it is not an evidence bundle: releases[0].events[0].leafIndex must be a whole number from 0',
    );
    expect(shape((b) => (b.releases = []))).toBe(
      'it is not an evidence bundle: releases must be a list of at least one',
    );
    expect(shape((b) => (b.pincode = '482913'))).toBe(
      'it is not an evidence bundle: pincode must be absent (no such field in a bundle)',
    );
    expect(
      shape((b) => ((b as unknown as EvidenceBundle).organizations[0]!.address = 'carrier')),
    ).toBe(
      'it is not an evidence bundle: organizations[0].address must be an address (0x and 40 hexadecimal digits)',
    );
  });
});

describe('docs/ledger.md, "Evidence bundles": a bundle that does not hold says where and what', () => {
  it('the server: not the one given, or a public key of another address', () => {
    const other = new Wallet(`0x${'77'.repeat(32)}`);
    expect(failure(testBundle().text, { serverAddress: other.address })).toEqual({
      where: 'the bundle',
      problem: `it is the server ${server.address}'s, not the server ${other.address}'s`,
    });
    expect(failure(changed((b) => (b.server.publicKey = other.signingKey.publicKey)))).toEqual({
      where: 'the bundle',
      problem: `the server's public key is not the key of ${server.address}`,
    });
  });

  it('the checkpoint: signed by another key, or a text that is not its fields', () => {
    const other = new Wallet(`0x${'77'.repeat(32)}`);
    expect(
      failure(changed((b) => (b.checkpoint.signature = other.signMessageSync(b.checkpoint.text)))),
    ).toEqual({
      where: 'the checkpoint',
      problem: `it is not signed by the server ${server.address} (its signature is ${other.address}'s)`,
    });
    expect(failure(changed((b) => (b.checkpoint.treeSize += 1)))?.problem).toMatch(
      /^it is not signed by the server /,
    );
    expect(failure(changed((b) => (b.checkpoint.text = ` ${b.checkpoint.text}`)))).toEqual({
      where: 'the checkpoint',
      problem: 'its text is not the canonical text of its fields',
    });
    expect(failure(changed((b) => (b.checkpoint.time = '2026-11-24T12:00:00Z')))).toEqual({
      where: 'the checkpoint',
      problem: 'it is malformed: the time must be written as toISOString writes it',
    });
  });

  it('an organisation whose public key is another address’s', () => {
    expect(
      failure(
        changed((b) => (b.organizations[1]!.publicKey = cast.haulier.wallet.signingKey.publicKey)),
      ),
    ).toEqual({
      where: 'organisation 2 (Kempen Forwarding BV)',
      problem: `its public key is not the key of ${cast.forwarder.wallet.address}`,
    });
  });

  it('an event: its sequence, release, link, hash, statement and proof', () => {
    const events = (b: EvidenceBundle) => b.releases[0]!.events;
    expect(failure(changed((b) => events(b).splice(2, 1)))).toEqual({
      where: event(3),
      problem: 'expected event 3, found event 4',
    });
    expect(
      failure(changed((b) => (events(b)[1]!.content.releaseAddress = `0x${'0'.repeat(39)}d`))),
    ).toEqual({ where: event(2), problem: 'the event names another release' });
    expect(failure(changed((b) => (events(b)[2]!.content.prevHash = events(b)[0]!.hash)))).toEqual({
      where: event(3),
      problem: 'the link to the previous event is broken',
    });
    expect(
      failure(
        changed((b) => (events(b)[3]!.content.record.createdAt = '2026-11-22T07:45:01.000Z')),
      ),
    ).toEqual({ where: event(4), problem: 'the event does not hash to its stored hash' });
    expect(failure(changed((b) => (events(b)[4]!.inclusionProof[0] = events(b)[4]!.hash)))).toEqual(
      { where: event(5), problem: "its inclusion proof does not lead to the checkpoint's root" },
    );
    expect(failure(changed((b) => events(b)[4]!.inclusionProof.pop()))).toEqual({
      where: event(5),
      problem: "its inclusion proof does not lead to the checkpoint's root",
    });
    expect(failure(changed((b) => (events(b)[0]!.leafIndex = 12)))).toEqual({
      where: event(1),
      problem: 'its leaf 12 is not in the checkpoint of 12 events',
    });
  });

  it('a statement: missing, rewritten, signed by another, or not the acting organisation’s', () => {
    const statementOf = (b: EvidenceBundle, sequence: number) =>
      b.statements.find(
        (s) => s.hash === b.releases[0]!.events[sequence - 1]!.content.statementHash,
      )!;
    expect(
      failure(changed((b) => b.statements.splice(b.statements.indexOf(statementOf(b, 2)), 1))),
    ).toEqual({
      where: event(2),
      problem: `its statement ${testBundle().bundle.releases[0]!.events[1]!.content.statementHash} is not in the bundle`,
    });
    expect(
      failure(
        changed((b) => (statementOf(b, 2).text = statementOf(b, 2).text.replace('09:15', '09:16'))),
      ),
    ).toEqual({ where: event(2), problem: 'the statement does not match its hash' });
    expect(
      failure(
        changed((b) => {
          const s = statementOf(b, 3);
          s.signature = cast.haulier.wallet.signMessageSync(s.text);
        }),
      ),
    ).toEqual({ where: event(3), problem: 'the signature was not made by the recorded signer' });
    expect(failure(changed((b) => (statementOf(b, 3).signature = '0x1234')))).toEqual({
      where: event(3),
      problem: 'the signature cannot be read',
    });
    // The forwarder's transfer signed by the haulier, as recorded: not the acting organisation.
    const wrongSigner: Step[] = wholeChain.map((step, i) =>
      i === 2 ? { ...step, signer: 'haulier' } : step,
    );
    expect(failure(testBundle(wrongSigner).text)).toEqual({
      where: event(3),
      problem: `signed by ${cast.haulier.wallet.address}, not by ${cast.forwarder.wallet.address}`,
    });
    // A gate-out signed by the terminal: the server's own record signed by someone else.
    const gateBySomeone: Step[] = wholeChain.map((step, i) =>
      i === 5 ? { ...step, signer: 'terminal' } : step,
    );
    expect(failure(testBundle(gateBySomeone).text)).toEqual({
      where: event(6),
      problem: `signed by ${cast.terminal.wallet.address}, not by ${server.address}`,
    });
    // An event referring to another operation's statement.
    expect(
      failure(changed((b) => (b.releases[0]!.events[1]!.content.operation = 'revoke'))),
    ).toEqual({ where: event(2), problem: 'the event does not hash to its stored hash' });
  });

  it('a transfer whose signed statement names another receiver than the event', () => {
    const steps: Step[] = wholeChain.map((step, i) =>
      i === 1 ? { ...step, statement: { to: cast.haulier.wallet.address } } : step,
    );
    expect(failure(testBundle(steps).text)).toEqual({
      where: event(2),
      problem: `the statement transfers to ${cast.haulier.wallet.address}, not to ${cast.forwarder.wallet.address}`,
    });
  });

  it('a release whose events cannot follow each other, though each is signed', () => {
    const [create, , toHaulier] = wholeChain;
    expect(failure(testBundle([create!, toHaulier!]).text)).toEqual({
      where: event(2),
      problem:
        'the events cannot be replayed: transfer by organisation 2, which is not in the active chain',
    });
  });

  it('a release of another container than its creation recorded, or than the bundle is for', () => {
    expect(failure(changed((b) => (b.releases[0]!.containerNumber = 'CSQU3054383')))).toEqual({
      where: `release ${releaseAddress}`,
      problem: 'its container number CSQU3054383 is not the MSKU1234565 its creation recorded',
    });
    expect(failure(changed((b) => (b.scope = { containerNumber: 'CSQU3054383' })))).toEqual({
      where: `release ${releaseAddress}`,
      problem: 'it is not of the container CSQU3054383',
    });
    expect(failure(changed((b) => b.releases.push(structuredClone(b.releases[0]!))))).toEqual({
      where: `release ${releaseAddress}`,
      problem: 'it is in the bundle twice',
    });
  });

  it('the bundle’s own fields, which only the server’s signature of it binds', () => {
    const problem = `it is not signed by the server ${server.address} as a whole: a field outside the events, statements and checkpoint (an organisation's name or role, the scope, the export) was changed`;
    for (const change of [
      (b: EvidenceBundle) => (b.organizations[0]!.name = 'Someone Else NV'),
      (b: EvidenceBundle) => (b.exportedAt = '2026-11-25T12:00:01.000Z'),
      (b: EvidenceBundle) => (b.exportedBy.name = 'Customs'),
    ]) {
      expect(failure(changed(change))).toEqual({ where: 'the bundle', problem });
    }
    // Signed again by the server, the same change holds: the name is the portal's word.
    const { bundle } = testBundle();
    bundle.organizations[0]!.name = 'Scheldt Ocean Line (renamed) NV';
    expect(failure(resigned(bundle))).toBeNull();
  });

  it('answers one line for the command', () => {
    const verdict = verifyEvidence('{');
    expect(verdictLine(verdict)).toBe(
      'NOT VERIFIED: the bundle: it is not valid JSON at byte 1 (the file ends too soon)',
    );
  });
});
