import type { ReleaseEvent } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { liveReaction } from './live-reaction.ts';

const event = (organizationAddresses: string[]): ReleaseEvent => ({
  event: 'patched',
  address: '0xr1',
  blNumber: 'BL1',
  containerNumber: 'MSKU1234565',
  operation: 'edit',
  organizationAddresses,
});

describe('live notifications (releases spec §4)', () => {
  it('prompts a non-carrier whose organisation is among the targets (any letter case)', () => {
    const forwarder = { role: 'other' as const, organizationAddress: '0xABCdef' };
    expect(liveReaction(event(['0xc0', '0xabcDEF']), forwarder)).toBe('prompt');
  });

  it('ignores events for other organisations, or naming none', () => {
    const forwarder = { role: 'other' as const, organizationAddress: '0xf0' };
    expect(liveReaction(event(['0xc0']), forwarder)).toBe('ignore');
    expect(liveReaction(event([]), forwarder)).toBe('ignore');
    expect(
      liveReaction({ ...event([]), organizationAddresses: undefined as never }, forwarder),
    ).toBe('ignore');
  });

  it('never prompts a carrier, whose overview refreshes by itself instead', () => {
    const carrier = { role: 'carrier' as const, organizationAddress: '0xc0' };
    expect(liveReaction(event(['0xc0']), carrier)).toBe('refresh');
    expect(liveReaction(event(['0xf0']), carrier)).toBe('refresh');
  });
});
