import { noticeReleases } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { organizationNotices, type ReleaseNotice } from './release-notices.ts';

const by = { organizationAddress: '0xc0', organizationName: 'Scheldt Ocean Line NV' };

/** A release's notice as `releaseNotices` answers it, in the chain of `organizations`. */
const notice = (n: number, organizations: [number, string][], more: Partial<ReleaseNotice> = {}) =>
  ({
    address: `0xr${n}`,
    blNumber: `BL${n % 3}`,
    containerNumber: `MSKU${String(n).padStart(7, '0')}`,
    version: n + 1,
    status: 'released',
    operation: 'transfer',
    organizationIds: organizations.map(([id]) => id),
    organizationAddresses: organizations.map(([, address]) => address),
    by,
    actor: { organizationId: 1, userId: 7 },
    ...more,
  }) satisfies ReleaseNotice;

const byAddress = (notices: ReleaseNotice[]) =>
  Object.fromEntries(notices.map((item) => [item.address, item]));

const addressesOf = (message: { payload: Parameters<typeof noticeReleases>[0] }) =>
  noticeReleases(message.payload).map((release) => release.address);

describe('releases spec §4 "Live notifications": one message per organisation channel per action', () => {
  it('lists every release of the action in one message per organisation; only the actor’s names the user', () => {
    const carrier: [number, string] = [1, '0xc0'];
    const forwarder: [number, string] = [2, '0xf0'];
    const haulier: [number, string] = [3, '0xh0'];
    const messages = organizationNotices(
      byAddress([
        notice(1, [carrier, forwarder]),
        notice(2, [carrier, forwarder, haulier]),
        notice(3, [carrier, haulier], { status: 'blocked' }),
      ]),
    );
    expect(messages.map((message) => message.organizationId)).toEqual([1, 2, 3]);
    expect(messages[0]).toEqual({
      organizationId: 1,
      payload: {
        operation: 'transfer',
        organizationAddress: '0xc0',
        bls: [
          {
            blNumber: 'BL1',
            addresses: ['0xr1'],
            containerNumbers: ['MSKU0000001'],
            versions: [2],
            statuses: ['released'],
          },
          {
            blNumber: 'BL2',
            addresses: ['0xr2'],
            containerNumbers: ['MSKU0000002'],
            versions: [3],
            statuses: ['released'],
          },
          {
            blNumber: 'BL0',
            addresses: ['0xr3'],
            containerNumbers: ['MSKU0000003'],
            versions: [4],
            statuses: ['blocked'],
          },
        ],
        by: { ...by, userId: 7 },
      },
    });
    expect(messages[1]!.payload).toMatchObject({ organizationAddress: '0xf0', by });
    expect(messages[1]!.payload.by).not.toHaveProperty('userId');
    expect(addressesOf(messages[1]!)).toEqual(['0xr1', '0xr2']);
    expect(addressesOf(messages[2]!)).toEqual(['0xr2', '0xr3']);
  });

  it('names each BL once, its releases in columns, and reads back as the releases it was given', () => {
    const given = Array.from({ length: 9 }, (_, n) => notice(n, [[1, '0xc0']]));
    const [message] = organizationNotices(byAddress(given));
    expect(message!.payload.bls.map((bl) => [bl.blNumber, bl.addresses.length])).toEqual([
      ['BL0', 3],
      ['BL1', 3],
      ['BL2', 3],
    ]);
    const {
      operation: _o,
      organizationIds: _i,
      organizationAddresses: _a,
      by: _b,
      actor: _c,
      ...release
    } = given[4]!;
    expect(noticeReleases(message!.payload)).toContainEqual(release);
    expect(noticeReleases(message!.payload)).toHaveLength(9);
    // The columns are the point: a BL's number and the field names are written once.
    expect(JSON.stringify(message!.payload).match(/BL1/g)).toHaveLength(1);
  });

  it('splits a very large action into messages of at most the limit, still one per organisation per piece', () => {
    const notices = Array.from({ length: 2_500 }, (_, n) => notice(n, [[1, '0xc0']]));
    const messages = organizationNotices(byAddress(notices), 1_000);
    expect(messages.map((message) => noticeReleases(message.payload).length)).toEqual([
      1_000, 1_000, 500,
    ]);
    expect(new Set(messages.flatMap(addressesOf)).size).toBe(2_500);
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

describe('noticeReleases: what a socket brings is read without throwing', () => {
  it('skips malformed BLs and rows', () => {
    expect(noticeReleases({ bls: null as never })).toEqual([]);
    expect(
      noticeReleases({
        bls: [
          { blNumber: 7 } as never,
          {
            blNumber: 'BL',
            addresses: ['0xa', 5, '0xc'],
            containerNumbers: ['C1', 'C2'],
            versions: [1, 2],
            statuses: ['released'],
          } as never,
        ],
      }).map((release) => release.address),
    ).toEqual(['0xa']);
  });
});
