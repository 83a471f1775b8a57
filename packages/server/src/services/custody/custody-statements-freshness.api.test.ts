import { describe, expect, it } from 'vitest';
import { invalid, statementKit } from './custody-statements-kit.ts';
import { acting } from './custody-test-kit.ts';

/*
 * DESIGN §3 "Statements and the custody ledger": a statement is used once, never twice for the
 * same releases and versions, and only within 5 minutes of the server's clock; each refusal
 * changes nothing (custody-statements-kit.ts).
 */

const { cast, newRelease, prepared, post, expectRefusedCall } = statementKit();

describe('DESIGN §3 "never twice for the same releases and versions": replays', () => {
  it('§3 the exact same body posted twice → the second is 409 statement_replayed', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a);
    const first = await post(cast.carrier, 'transfer', body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], {
      status: 409,
      code: 'statement_replayed',
    });
  });

  it('§3 the same body after the release moved on → 409 statement_replayed', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a);
    expect((await post(cast.carrier, 'transfer', body)).status).toBe(201);
    // A passes it on, then the carrier revokes it back: the carrier owns it once more.
    const onward = await cast.calls.act(acting(cast.a), 'transfer', [address], cast.b.address);
    expect(onward.applied.status, JSON.stringify(onward.applied.body)).toBe(201);
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], {
      status: 409,
      code: 'statement_replayed',
    });
    const revoke = await cast.calls.act(acting(cast.carrier), 'revoke', [address]);
    expect(revoke.applied.status, JSON.stringify(revoke.applied.body)).toBe(201);
    await expectRefusedCall(cast.carrier, 'transfer', body, [address], {
      status: 409,
      code: 'statement_replayed',
    });
    const owner = await cast.server
      .knex('releases')
      .where({ address })
      .first('owner_organization_id');
    expect(owner.owner_organization_id).toBe(cast.carrier.id);
  });

  it('§3 a block replayed after the unblock does not block again', async () => {
    const { address } = await newRelease();
    const { body } = await prepared(cast.carrier, 'block', [address]);
    expect((await post(cast.carrier, 'block', body)).status).toBe(201);
    const unblock = await cast.calls.act(acting(cast.carrier), 'unblock', [address]);
    expect(unblock.applied.status, JSON.stringify(unblock.applied.body)).toBe(201);
    await expectRefusedCall(cast.carrier, 'block', body, [address], {
      status: 409,
      code: 'statement_replayed',
    });
    const release = await cast.server.knex('releases').where({ address }).first('release_status');
    expect(release.release_status).toBe('released');
  });
});

describe('DESIGN §3 "the server accepts `at` within 5 minutes of its clock"', () => {
  it('§3 `at` more than 5 minutes off the server clock → statement_invalid', async () => {
    const { address } = await newRelease();
    const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
    for (const at of [minutes(-6), minutes(6), 'yesterday']) {
      const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, { at });
      await expectRefusedCall(cast.carrier, 'transfer', body, [address], invalid('time'));
    }
    // Within the window it is accepted.
    const { body } = await prepared(cast.carrier, 'transfer', [address], cast.a, {
      at: minutes(-4),
    });
    const answer = await post(cast.carrier, 'transfer', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});
