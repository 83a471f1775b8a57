import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import { statementKit } from './custody-statements-kit.ts';
import { acting } from './custody-test-kit.ts';

/*
 * DESIGN §3 "A command verifies the whole ledger offline": tampering with the stored ledger
 * after the fact (a statement, its signature, a sealed pincode, an event's pincode copies) is
 * found by `verifyLedger`.
 */

const { cast, newRelease } = statementKit();

/** One character of `text` changed, at `index` or the first later one that can change. */
function changeOneByte(text: string, index: number): string {
  const at = Math.min(index, text.length - 1);
  const replacement = text[at] === 'a' ? 'b' : 'a';
  return `${text.slice(0, at)}${replacement}${text.slice(at + 1)}`;
}

describe('DESIGN §3 "A command verifies the whole ledger offline": tampering after the fact', () => {
  /** A real transfer carrier → A, its ledger verified, then `tamper`, then verified again. */
  async function tampered(tamper: (release: { id: string; address: string }) => Promise<unknown>) {
    const { address } = await newRelease();
    const transfer = await cast.calls.act(
      acting(cast.carrier),
      'transfer',
      [address],
      cast.a.address,
    );
    expect(transfer.applied.status, JSON.stringify(transfer.applied.body)).toBe(201);
    const verify = () =>
      verifyLedger(cast.server.knex, {
        serverAddress: cast.server.portal.app.get('serverKey').address,
        releaseAddresses: [address],
      });
    expect((await verify()).broken).toBeNull();
    const release = await cast.server.knex('releases').where({ address }).first('id', 'address');
    await tamper({ id: String(release.id), address });
    const result = await verify();
    expect(result.broken).toMatchObject({ releaseAddress: address });
    return result.broken!;
  }

  const transferEvent = (releaseId: string) =>
    cast.server
      .knex('release_events')
      .where({ release_id: releaseId, operation: 'transfer' })
      .first('id', 'statement_id', 'pincode_copies');

  it('§3 one byte of the stored statement (ledger_statements.statement)', async () => {
    const broken = await tampered(async ({ id }) => {
      const event = await transferEvent(id);
      const row = await cast.server
        .knex('ledger_statements')
        .where({ id: event.statement_id })
        .first('statement');
      const at = row.statement.indexOf('"at":"') + 8;
      await cast.server
        .knex('ledger_statements')
        .where({ id: event.statement_id })
        .update({ statement: changeOneByte(row.statement, at) });
    });
    expect(broken.reason).toMatch(/statement/);
  });

  it('§3 one byte of its signature', async () => {
    const broken = await tampered(async ({ id }) => {
      const event = await transferEvent(id);
      const row = await cast.server
        .knex('ledger_statements')
        .where({ id: event.statement_id })
        .first('signature');
      await cast.server
        .knex('ledger_statements')
        .where({ id: event.statement_id })
        .update({ signature: changeOneByte(row.signature, 20) });
    });
    expect(broken.reason).toMatch(/sign/);
  });

  it("§3 one byte of the transferred party's sealed pincode (release_pincodes.encrypted_pincode)", async () => {
    const broken = await tampered(async ({ id }) => {
      const copy = await cast.server
        .knex('release_pincodes')
        .where({ release_id: id, organization_id: cast.a.id })
        .first('encrypted_pincode');
      await cast.server
        .knex('release_pincodes')
        .where({ release_id: id, organization_id: cast.a.id })
        .update({ encrypted_pincode: changeOneByte(copy.encrypted_pincode, 10) });
    });
    expect(broken.reason).toMatch(/pincode/);
  });

  it("§3 one byte of an event's pincode_copies", async () => {
    const broken = await tampered(async ({ id }) => {
      const event = await transferEvent(id);
      const copies = event.pincode_copies as Record<string, string>;
      const [owner, hash] = Object.entries(copies)[0]!;
      await cast.server
        .knex('release_events')
        .where({ id: event.id })
        .update({
          pincode_copies: JSON.stringify({ ...copies, [owner]: changeOneByte(hash, 10) }),
        });
    });
    expect(broken).toMatchObject({ sequence: 2, reason: expect.stringMatching(/hash/) });
  });
});
