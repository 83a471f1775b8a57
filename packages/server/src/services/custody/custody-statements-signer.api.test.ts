import { afterAll, beforeAll, describe, it } from 'vitest';
import { statementKit, invalid, type Org } from './custody-statements-kit.ts';

/*
 * DESIGN §3 "Statements and the custody ledger": the second call is applied only when its
 * statement is signed by the acting organisation; each refusal changes nothing and the genuine
 * call still goes through (custody-statements-kit.ts).
 */

const { start, stop, newRelease, prepared, expectRefusedCall, stillGoesThrough } = statementKit();
let carrier: Org;
let a: Org;
let b: Org;

beforeAll(async () => {
  ({ carrier, a, b } = await start());
});
afterAll(() => stop());

describe('DESIGN §3 "Statements and the custody ledger": who signed', () => {
  it("§3 a statement signed by another organisation's key → statement_invalid", async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a, { signer: b.privateKey });
    await expectRefusedCall(carrier, 'transfer', body, [address], invalid('signer'));
    await stillGoesThrough(carrier, 'transfer', [address], a);
  });

  it('§3 a statement whose `by` is another organisation → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a, {
      tweak: (statement) => ({ ...statement, by: b.address }),
    });
    await expectRefusedCall(carrier, 'transfer', body, [address], invalid('signer'));
    // Nor a statement the other organisation signed, naming itself, for the carrier's call.
    const { body: theirs } = await prepared(carrier, 'block', [address], undefined, {
      signer: b.privateKey,
      tweak: (statement) => ({ ...statement, by: b.address }),
    });
    await expectRefusedCall(carrier, 'block', theirs, [address], invalid('signer'));
    await stillGoesThrough(carrier, 'transfer', [address], a);
  });

  it('§3 a signature that cannot be read → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(carrier, 'transfer', [address], a);
    await expectRefusedCall(carrier, 'transfer', { ...body, signature: '0x1234' }, [address], {
      status: 400,
      code: 'statement_invalid',
    });
    await expectRefusedCall(
      carrier,
      'transfer',
      { ...body, statement: `${body.statement} ` },
      [address],
      { status: 400, code: 'statement_invalid' },
    );
  });
});
