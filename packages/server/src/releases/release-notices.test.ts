import { describe, expect, it } from 'vitest';
import { organizationNotices, type ReleaseNotice } from './release-notices.ts';

const by = { organizationAddress: '0xc0', organizationName: 'Scheldt Ocean Line NV' };

/** A release's notice as `releaseNotices` answers it, in the chain of `organizations`. */
const notice = (n: number, organizations: [number, string][], more: Partial<ReleaseNotice> = {}) =>
  ({
    address: `0xr${n}`,
    blNumber: `BL${n % 3}`,
    containerNumber: `MSKU${String(n).padStart(7, '0')}`,
    operation: 'transfer',
    organizationIds: organizations.map(([id]) => id),
    organizationAddresses: organizations.map(([, address]) => address),
    by,
    actor: { organizationId: 1, userId: 7 },
    ...more,
  }) satisfies ReleaseNotice;

const byAddress = (notices: ReleaseNotice[]) =>
  Object.fromEntries(notices.map((item) => [item.address, item]));

describe('issue 42 item 5: one message per organisation channel per action', () => {
  it('lists every release of the action in one message per organisation; only the actor’s names the user', () => {
    const carrier: [number, string] = [1, '0xc0'];
    const forwarder: [number, string] = [2, '0xf0'];
    const haulier: [number, string] = [3, '0xh0'];
    const messages = organizationNotices(
      byAddress([
        notice(1, [carrier, forwarder]),
        notice(2, [carrier, forwarder, haulier]),
        notice(3, [carrier, haulier]),
      ]),
    );
    expect(messages.map((message) => message.organizationId)).toEqual([1, 2, 3]);
    expect(messages[0]).toEqual({
      organizationId: 1,
      payload: {
        operation: 'transfer',
        organizationAddress: '0xc0',
        releases: [1, 2, 3].map((n) => ({
          address: `0xr${n}`,
          blNumber: `BL${n % 3}`,
          containerNumber: `MSKU${String(n).padStart(7, '0')}`,
        })),
        by: { ...by, userId: 7 },
      },
    });
    expect(messages[1]!.payload).toMatchObject({ organizationAddress: '0xf0', by });
    expect(messages[1]!.payload.by).not.toHaveProperty('userId');
    expect(messages[1]!.payload.releases.map((release) => release.address)).toEqual([
      '0xr1',
      '0xr2',
    ]);
    expect(messages[2]!.payload.releases.map((release) => release.address)).toEqual([
      '0xr2',
      '0xr3',
    ]);
  });

  it('splits a very large action into messages of at most the limit, still one per organisation per piece', () => {
    const notices = Array.from({ length: 2_500 }, (_, n) => notice(n, [[1, '0xc0']]));
    const messages = organizationNotices(byAddress(notices), 1_000);
    expect(messages.map((message) => message.payload.releases.length)).toEqual([1_000, 1_000, 500]);
    expect(new Set(messages.flatMap((m) => m.payload.releases.map((r) => r.address))).size).toBe(
      2_500,
    );
  });

  it('names no one when the system acted, and keeps operations apart', () => {
    const messages = organizationNotices(
      byAddress([
        notice(1, [[2, '0xf0']], { by: null, actor: null, operation: 'greenLights' }),
        notice(2, [[2, '0xf0']], { operation: 'edit' }),
      ]),
    );
    expect(messages.map((message) => [message.payload.operation, message.payload.by])).toEqual([
      ['greenLights', null],
      ['edit', by],
    ]);
  });
});
