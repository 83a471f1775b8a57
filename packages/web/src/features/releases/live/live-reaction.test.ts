import { noticeBlsOf, type ReleaseNoticePayload, type ReleaseNoticeRelease } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { addLiveChange } from './live-changes.ts';
import { liveReaction } from './live-reaction.ts';

const release = (containerNumber = 'MSKU1234565', blNumber = 'BL1'): ReleaseNoticeRelease => ({
  address: `0xr${containerNumber}`,
  blNumber,
  containerNumber,
  version: 2,
  status: 'released',
});

/** A notice as one organisation's copy comes (`organizationAddress`), of one release by default. */
const event = (
  organizationAddress: string,
  more: Partial<ReleaseNoticePayload> & {
    containerNumber?: string;
    releases?: ReleaseNoticeRelease[];
  } = {},
): ReleaseNoticePayload => {
  const { containerNumber, releases = [release(containerNumber)], ...rest } = more;
  return {
    operation: 'edit',
    organizationAddress,
    bls: noticeBlsOf(releases),
    ...rest,
  };
};

describe('live notifications (releases spec §4)', () => {
  it('prompts a non-carrier whose organisation the notice is for (any letter case)', () => {
    const forwarder = { role: 'other' as const, organizationAddress: '0xABCdef' };
    expect(liveReaction(event('0xabcDEF'), forwarder)).toBe('prompt');
  });

  it('ignores notices for other organisations, or naming none', () => {
    const forwarder = { role: 'other' as const, organizationAddress: '0xf0' };
    expect(liveReaction(event('0xc0'), forwarder)).toBe('ignore');
    expect(liveReaction(event(''), forwarder)).toBe('ignore');
    expect(liveReaction({ ...event(''), organizationAddress: undefined as never }, forwarder)).toBe(
      'ignore',
    );
  });

  it('never prompts a carrier, whose overview refreshes by itself instead', () => {
    const carrier = { role: 'carrier' as const, organizationAddress: '0xc0' };
    expect(liveReaction(event('0xc0'), carrier)).toBe('refresh');
    expect(liveReaction(event('0xf0'), carrier)).toBe('refresh');
  });

  it("issue 15: the viewer's own change refreshes quietly; a colleague's still prompts", () => {
    const viewer = { role: 'other' as const, organizationAddress: '0xf0', userId: 7 };
    const by = { organizationAddress: '0xf0', organizationName: 'Kempen Forwarding BV' };
    const own = event('0xf0', { operation: 'transfer', by: { ...by, userId: 7 } });
    expect(liveReaction(own, viewer)).toBe('refresh');
    expect(liveReaction(event('0xf0', { by: { ...by, userId: 8 } }), viewer)).toBe('prompt');
    expect(liveReaction(event('0xf0', { by }), viewer)).toBe('prompt');
  });
});

describe('what the prompt says changed (issue 15)', () => {
  const by = { organizationAddress: '0xC0', organizationName: 'Scheldt Ocean Line NV' };

  it('groups by operation and organisation, counting each container once, with its BLs', () => {
    let changes = addLiveChange([], event('0xf0', { operation: 'transfer', by }), '0xf0');
    changes = addLiveChange(
      changes,
      event('0xf0', { operation: 'transfer', by, containerNumber: 'TGHU7654321' }),
      '0xf0',
    );
    changes = addLiveChange(changes, event('0xf0', { operation: 'transfer', by }), '0xf0');
    changes = addLiveChange(changes, event('0xf0', { operation: 'block', by }), '0xf0');
    changes = addLiveChange(changes, event('0xf0', { operation: 'surprise' }), '0xf0');
    expect(changes).toEqual([
      {
        operation: 'transfer',
        by: 'Scheldt Ocean Line NV',
        byOwnOrganization: false,
        containers: ['MSKU1234565', 'TGHU7654321'],
        blNumbers: ['BL1'],
      },
      expect.objectContaining({ operation: 'block', containers: ['MSKU1234565'] }),
      expect.objectContaining({ operation: 'other', by: null }),
    ]);
  });

  it('knows a colleague of the same organisation', () => {
    const [change] = addLiveChange([], event('0xc0', { by }), '0xc0');
    expect(change!.byOwnOrganization).toBe(true);
  });

  it('a notice listing many releases makes one line, each container once', () => {
    const releases = Array.from({ length: 100 }, (_, n) =>
      release(`MSKU${String(n).padStart(7, '0')}`, `BL${n % 4}`),
    );
    let changes = addLiveChange([], event('0xf0', { operation: 'transfer', by, releases }), '0xf0');
    // A second piece of the same action, overlapping the first, adds only what is new.
    const more = [releases[0]!, release('TGHU7654321', 'BL9')];
    changes = addLiveChange(
      changes,
      event('0xf0', { operation: 'transfer', by, releases: more }),
      '0xf0',
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ operation: 'transfer', by: 'Scheldt Ocean Line NV' });
    expect(changes[0]!.containers).toHaveLength(101);
    expect(changes[0]!.containers.at(-1)).toBe('TGHU7654321');
    expect(changes[0]!.blNumbers).toEqual(['BL0', 'BL1', 'BL2', 'BL3', 'BL9']);
  });
});
