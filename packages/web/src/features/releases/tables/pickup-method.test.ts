import { describe, expect, it } from 'vitest';
import { knownAssignLocations, showsPickupMethodColumn } from './pickup-method.ts';

describe('pickupMethod column (releases spec §2)', () => {
  it('is shown only when some assign location has an order other than 999', () => {
    expect(showsPickupMethodColumn([])).toBe(false);
    expect(showsPickupMethodColumn([{ order: 999 }, { order: 999 }])).toBe(false);
    expect(showsPickupMethodColumn([{ order: 999 }, { order: 1 }])).toBe(true);
  });

  it('is absent for now: no assign locations exist yet', () => {
    expect(showsPickupMethodColumn(knownAssignLocations)).toBe(false);
  });
});
