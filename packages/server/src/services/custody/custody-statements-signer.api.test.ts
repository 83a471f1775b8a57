import { describe, it } from 'vitest';
import { statementKit, invalid } from './custody-statements-kit.ts';

/*
 * DESIGN §3 "Statements and the custody ledger": the second call is applied only when its
 * statement is signed by the acting organisation; each refusal changes nothing and the genuine
 * call still goes through (custody-statements-kit.ts).
 */

const { cast, newRelease, prepared, expectRefusedCall, stillGoesThrough } = statementKit();

describe('DESIGN §3 "Statements and the custody ledger": who signed', () => {
  it("§3 a statement signed by another organisation's key → statement_invalid", async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, {
      signer: cast.b.privateKey,
    });
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], invalid('signer'));
    await stillGoesThrough(cast.carrier, 'transfer', [address], cast.a);
  });

  it('§3 a statement whose `by` is another organisation → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, {
      tweak: (statement) => ({ ...statement, by: cast.b.address }),
    });
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], invalid('signer'));
    // Nor a statement the other organisation signed, naming itself, for the carrier's call.
    const { body: theirs } = await prepared(cast.carrier, 'block', [address], undefined, {
      signer: cast.b.privateKey,
      tweak: (statement) => ({ ...statement, by: cast.b.address }),
    });
    await expectRefusedCall(cast.carrier, 'block', theirs, [address], invalid('signer'));
    await stillGoesThrough(cast.carrier, 'transfer', [address], cast.a);
  });

  it('§3 a signature that cannot be read → statement_invalid', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a);
    await expectRefusedCall(cast.carrier, 'transfer', { ...body, signature: '0x1234' }, [address], {
      status: 400,
      code: 'statement_invalid',
    });
    await expectRefusedCall(
      cast.carrier,
      'transfer',
      { ...body, statement: `${body.statement} ` },
      [address],
      { status: 400, code: 'statement_invalid' },
    );
  });
});
