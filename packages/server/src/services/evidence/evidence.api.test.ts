import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { evidenceBundleFileName, type EvidenceBundle } from '@scr/domain';
import { custodyStory, main, verifyEvidence, type EvidenceVerdict } from '@scr/evidence-verifier';
import { computeAddress } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { realChain, realChainCast, type RealChainCast } from '../../test/real-chain.ts';
import { startTestApp, tempDir, type TestServer } from '../../test/start-app.ts';

/**
 * The evidence bundle (docs/ledger.md, "Evidence bundles"): a real chain (carrier → forwarder →
 * haulier → assignment → gate check → gate-out, every call signed as the wallet signs it) exported
 * through the API, verified offline by the standalone verifier (its function, and its command
 * once), and the same file with one byte changed failing where it was changed.
 */

const repository = fileURLToPath(new URL('../../../../../', import.meta.url));
const verifierBin = join(repository, 'packages/evidence-verifier/bin/scr-verify-evidence.mjs');

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let cast: RealChainCast;
let release: Awaited<ReturnType<typeof realChain>>;
let outsider: SignedInOrganization;
const alfaPass = '734305';

const serverAddress = () => server.portal.app.get('serverKey').address;

/** `GET /api/ledger/evidence?…` as a browser or a system calls it: the answer's text and headers. */
async function exportEvidence(query: Record<string, string>, token: string) {
  const response = await fetch(
    `${server.baseUrl}/api/ledger/evidence?${new URLSearchParams(query)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

/** The haulier's bundle of the chain's container, as the file it downloads. */
async function haulierBundle() {
  const answer = await exportEvidence(
    { containerNumber: release.containerNumber },
    cast.haulier.tokens[0]!,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.text;
}

function verified(verdict: EvidenceVerdict) {
  if (!verdict.verified) throw new Error(`${verdict.where}: ${verdict.problem}`);
  return verdict;
}

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  cast = await realChainCast(server);
  release = await realChain(server, cast, { alfaPass });
  outsider = await signedInOrganization(server);
}, 60_000);
afterAll(() => server?.stop());

describe('evidence bundles (docs/ledger.md, "Evidence bundles")', () => {
  it('the haulier exports its container as a file that verifies offline and tells the custody story', async () => {
    const answer = await exportEvidence(
      { containerNumber: release.containerNumber.toLowerCase() },
      cast.haulier.tokens[1]!,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const bundle = JSON.parse(answer.text) as EvidenceBundle;
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="${evidenceBundleFileName(bundle.scope, new Date(bundle.exportedAt))}"`,
    );
    expect(bundle).toMatchObject({
      kind: 'scr-evidence-bundle',
      v: 1,
      scope: { containerNumber: release.containerNumber },
      exportedBy: { organizationId: cast.haulier.id, name: cast.haulier.name },
      server: { address: serverAddress() },
      checkpoint: { server: serverAddress() },
    });
    expect(bundle.releases.map((r) => r.address)).toEqual([release.address]);
    const [chain] = bundle.releases;
    expect(chain!.events.map((event) => event.content.operation)).toEqual([
      'create',
      'transfer',
      'transfer',
      'assign',
      'terminalCheck',
      'gateOut',
      'archive',
    ]);
    // Exported events were logged for the export: every one is in the checkpoint.
    for (const event of chain!.events) {
      expect(event.leafIndex).toBeLessThan(bundle.checkpoint.treeSize);
    }
    // Each statement once; each organisation with the public key of its address.
    expect(new Set(bundle.statements.map((s) => s.hash)).size).toBe(bundle.statements.length);
    const involved = [cast.carrier, cast.forwarder, cast.haulier, cast.terminalOrg];
    expect(bundle.organizations.map((o) => o.id).sort()).toEqual(involved.map((o) => o.id).sort());
    for (const organization of bundle.organizations) {
      if (organization.id === cast.terminalOrg.id) {
        // The gate's events are the server's: the terminal signed nothing of the bundle.
        expect(organization.publicKey).toBeNull();
        continue;
      }
      expect(computeAddress(organization.publicKey!)).toBe(organization.address);
    }
    expect(computeAddress(bundle.server.publicKey)).toBe(serverAddress());

    const verdict = verified(verifyEvidence(answer.text, { serverAddress: serverAddress() }));
    expect(verdict.counts).toEqual({ releases: 1, events: 7, statements: 7 });
    expect(verdict.states.get(release.address)).toMatchObject({
      holderOrganizationId: cast.haulier.id,
      releaseStatus: 'gateout',
      archived: true,
    });
    const story = custodyStory(verdict.bundle, verdict.states);
    for (const organization of involved) expect(story).toContain(organization.name);
    expect(story).toContain(`${cast.carrier.name} transferred it to ${cast.forwarder.name}`);
    expect(story).toContain(`${cast.forwarder.name} transferred it to ${cast.haulier.name}`);
    expect(story).toContain(`Signed by ${cast.forwarder.name}, ${cast.forwarder.address}.`);
    expect(story).toContain('identified by alfaPass •••305');
    expect(story).toContain(`Picked up: gate-out at terminal ${cast.terminal}`);
    expect(story).not.toContain(alfaPass);
  });

  it('never holds the pincode nor a sealed copy of it, only the hashes the events bind', async () => {
    const text = await haulierBundle();
    expect(text).not.toMatch(/(?<![0-9a-fA-Fx])482913(?![0-9a-fA-F])/);
    const copies: string[] = await server
      .knex('release_pincodes as c')
      .join('releases as r', 'r.id', 'c.release_id')
      .where('r.address', release.address)
      .pluck('c.encrypted_pincode');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(text).not.toContain(copy);
  });

  it('exports a BL, and reaches the terminal of a secure pick-up release', async () => {
    const byBl = await exportEvidence({ blNumber: release.blNumber }, cast.forwarder.tokens[0]!);
    expect(byBl.status, byBl.text).toBe(200);
    const verdict = verified(verifyEvidence(byBl.text, { serverAddress: serverAddress() }));
    expect(verdict.bundle.scope).toEqual({ blNumber: release.blNumber });
    expect(verdict.bundle.releases.map((r) => r.address)).toEqual([release.address]);
    const terminal = await exportEvidence(
      { containerNumber: release.containerNumber },
      cast.terminalOrg.tokens[0]!,
    );
    expect(terminal.status, terminal.text).toBe(200);
  });

  it('logs the events not in a signed checkpoint yet before it exports them', async () => {
    const fresh = await realChain(server, cast, { until: 'transferred' });
    const last = await server
      .knex('release_events')
      .where({ release_address: fresh.address })
      .orderBy('sequence', 'desc')
      .first('id');
    expect(await server.knex('ledger_log').where({ event_id: last.id }).first()).toBeUndefined();
    const answer = await exportEvidence(
      { containerNumber: fresh.containerNumber },
      cast.haulier.tokens[0]!,
    );
    expect(answer.status, answer.text).toBe(200);
    verified(verifyEvidence(answer.text, { serverAddress: serverAddress() }));
  });

  it('answers an organisation outside the chain as if no such container existed', async () => {
    const token = outsider.tokens[0]!;
    const outside = await exportEvidence({ containerNumber: release.containerNumber }, token);
    const unknown = await exportEvidence({ containerNumber: 'CSQU3054383' }, token);
    const unknownBl = await exportEvidence({ blNumber: 'NOSUCHBL0001' }, token);
    const outsideBl = await exportEvidence({ blNumber: release.blNumber }, token);
    for (const answer of [outside, unknown, unknownBl, outsideBl]) {
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text).data).toEqual({
        code: 'evidence_not_found',
        key: 'backend.error.evidence_not_found',
      });
    }
    expect(outside.text).toBe(unknown.text);
    expect(outsideBl.text).toBe(unknownBl.text);
  });

  it('refuses bad input with a clear message, and callers without a session', async () => {
    const token = cast.haulier.tokens[0]!;
    const cases: [Record<string, string>, string][] = [
      [{}, 'evidence_scope_required'],
      [
        { containerNumber: release.containerNumber, blNumber: release.blNumber },
        'evidence_scope_required',
      ],
      [{ containerNumber: '  ' }, 'evidence_scope_required'],
      [{ containerNumber: 'MSKU123456' }, 'evidence_container_number_invalid'],
      [{ containerNumber: 'CSQU3054384' }, 'evidence_container_number_invalid'],
      [{ blNumber: 'BL<1>' }, 'evidence_bl_number_invalid'],
      [{ containerNumber: release.containerNumber, page: '1' }, 'validation_failed'],
    ];
    for (const [query, code] of cases) {
      const answer = await exportEvidence(query, token);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(JSON.parse(answer.text).data.code, JSON.stringify(query)).toBe(code);
    }
    const scope = JSON.parse((await exportEvidence({}, token)).text);
    expect(scope.message).toBe(
      'Ask for the evidence of one container (containerNumber) or of one bill of lading (blNumber), not both.',
    );
    const anonymous = await api(`ledger/evidence?containerNumber=${release.containerNumber}`);
    expect(anonymous.status).toBe(401);
  });

  it('runs as a command: exit 0, VERIFIED, the story naming each organisation', async () => {
    const dir = tempDir('evidence-');
    const file = join(dir, 'bundle.json');
    await writeFile(file, await haulierBundle());
    const run = await promisify(execFile)(
      process.execPath,
      [verifierBin, file, '--server', serverAddress()],
      { cwd: repository, timeout: 60_000 },
    ).finally(() => rm(dir, { recursive: true, force: true }));
    expect(run.stdout).toMatch(/^VERIFIED: 1 release, 7 events and 7 signed statements;/m);
    for (const organization of [cast.carrier, cast.forwarder, cast.haulier, cast.terminalOrg]) {
      expect(run.stdout).toContain(organization.name);
    }
    expect(run.stdout).not.toContain(alfaPass);
  }, 90_000);

  describe('the same file with one byte changed fails, and says where', () => {
    let text: string;
    let bundle: EvidenceBundle;
    let where: (sequence: number) => string;
    beforeAll(async () => {
      text = await haulierBundle();
      bundle = JSON.parse(text);
      where = (sequence) => `release ${release.address}, event ${sequence}`;
    });

    /** The text with the character at `index` replaced by another of its kind. */
    function changedAt(index: number): string {
      const char = text[index]!;
      const other = /[0-8]/.test(char)
        ? String(Number(char) + 1)
        : char === '9'
          ? '0'
          : /[a-eA-E]/.test(char)
            ? String.fromCharCode(char.charCodeAt(0) + 1)
            : /[fF]/.test(char)
              ? 'a'
              : /[a-zA-Z]/.test(char)
                ? char === 'x'
                  ? 'y'
                  : 'x'
                : null;
      if (other === null) throw new Error(`cannot change ${JSON.stringify(char)} at ${index}`);
      const changed = `${text.slice(0, index)}${other}${text.slice(index + 1)}`;
      const a = Buffer.from(text);
      const b = Buffer.from(changed);
      expect(b.length).toBe(a.length);
      expect(a.filter((byte, i) => byte !== b[i]).length).toBe(1);
      return changed;
    }
    /** Where `fragment` is in the text, once, plus `offset`. */
    function at(fragment: string, offset = 0): number {
      const index = text.indexOf(fragment);
      expect(index, fragment).toBeGreaterThanOrEqual(0);
      expect(text.indexOf(fragment, index + 1), fragment).toBe(-1);
      return index + offset;
    }
    const failure = (changed: string) => {
      const verdict = verifyEvidence(changed, { serverAddress: serverAddress() });
      if (verdict.verified) throw new Error('a changed bundle verified');
      return { where: verdict.where, problem: verdict.problem };
    };
    const eventOf = (statementHash: string) =>
      bundle.releases[0]!.events.find((e) => e.content.statementHash === statementHash)!.content
        .sequence;

    it('an event’s description', () => {
      const transfer = bundle.releases[0]!.events[1]!;
      const description = JSON.stringify(transfer.content.record.description);
      expect(failure(changedAt(at(description, '{"to":"'.length)))).toEqual({
        where: where(2),
        problem: 'the event does not hash to its stored hash',
      });
    });

    it('a digit of an event’s time', () => {
      const gateOut = bundle.releases[0]!.events[5]!;
      const time = `"createdAt":"${gateOut.content.record.createdAt}"}},"hash":"${gateOut.hash}"`;
      // The seconds' last digit.
      expect(failure(changedAt(at(time, '"createdAt":"2026-11-21T09:30:0'.length)))).toEqual({
        where: where(6),
        problem: 'the event does not hash to its stored hash',
      });
    });

    it('a statement’s text', () => {
      const statement = bundle.statements.find((s) => s.text.includes('"action":"assign"'))!;
      const escaped = JSON.stringify(statement.text);
      const time = escaped.indexOf('\\"at\\":\\"') + '\\"at\\":\\"2026-11-2'.length;
      expect(failure(changedAt(at(escaped, time)))).toEqual({
        where: where(eventOf(statement.hash)),
        problem: 'the statement does not match its hash',
      });
    });

    it('a signature', () => {
      const statement = bundle.statements.find((s) => s.text.includes('"action":"transfer"'))!;
      const signature = `"signature":"${statement.signature}"`;
      const verdict = failure(changedAt(at(signature, '"signature":"0x1234'.length)));
      expect(verdict.where).toBe(where(eventOf(statement.hash)));
      expect(verdict.problem).toMatch(
        /^the signature (was not made by the recorded signer|cannot be read)$/,
      );
    });

    it('a hash of an inclusion proof', () => {
      const event = bundle.releases[0]!.events[2]!;
      const proof = `"inclusionProof":${JSON.stringify(event.inclusionProof)}`;
      expect(event.inclusionProof.length).toBeGreaterThan(0);
      expect(failure(changedAt(at(proof, '"inclusionProof":["0x12'.length)))).toEqual({
        where: where(3),
        problem: "its inclusion proof does not lead to the checkpoint's root",
      });
    });

    it('the checkpoint’s root', () => {
      const root = `"rootHash":"${bundle.checkpoint.rootHash}"`;
      const verdict = failure(changedAt(at(root, '"rootHash":"0x12'.length)));
      expect(verdict.where).toBe('the checkpoint');
      expect(verdict.problem).toMatch(
        new RegExp(`^it is not signed by the server ${serverAddress()} \\(its signature is 0x`),
      );
    });

    it('an organisation’s name, which only the server’s signature of the bundle binds', () => {
      const name = `"name":"${cast.forwarder.name}"`;
      const verdict = failure(changedAt(at(name, '"name":"'.length)));
      expect(verdict.where).toBe('the bundle');
      expect(verdict.problem).toMatch(/^it is not signed by the server .* as a whole/);
    });

    it('the command prints NOT VERIFIED: <where>: <what> and exits 1', async () => {
      const dir = tempDir('evidence-');
      const file = join(dir, 'bundle.json');
      const transfer = bundle.releases[0]!.events[1]!;
      const description = JSON.stringify(transfer.content.record.description);
      await writeFile(file, changedAt(at(description, '{"to":"'.length)));
      let out = '';
      const code = await main([file], { out: (t) => (out += t), err: (t) => (out += t) }).finally(
        () => rm(dir, { recursive: true, force: true }),
      );
      expect(code).toBe(1);
      expect(out).toBe(`NOT VERIFIED: ${where(2)}: the event does not hash to its stored hash\n`);
    });
  });
});
