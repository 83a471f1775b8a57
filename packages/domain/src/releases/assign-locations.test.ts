import { describe, expect, it } from 'vitest';
import {
  assignLocationAt,
  assignLocationLabel,
  billOfLadingAssignLocation,
  compareAssignLocations,
  showsPickupMethodColumn,
  type AssignLocation,
} from './assign-locations.ts';

const labels = (en: string) => ({
  en,
  fr: `${en} (fr)`,
  nl: `${en} (nl)`,
  de: `${en} (de)`,
  it: '',
});

const antwerp: AssignLocation = {
  code: 'BEANR-CPU',
  labels: labels('Certified Pick-up Antwerp'),
  order: 1,
  terminalCodes: ['1742', '869'],
};
const limburg: AssignLocation = {
  code: 'BEGNK-ITSME',
  labels: labels('Secure pick-up Limburg'),
  order: 2,
  terminalCodes: ['1700'],
};
const pincode: AssignLocation = {
  code: 'PINCODE',
  labels: labels('Pincode'),
  order: 999,
  terminalCodes: ['ZEE-CSP', 'RTM-DELTA'],
};

describe('releases spec §2 "The pickupMethod column is shown only when at least one assign location has an order other than 999"', () => {
  it('is hidden without assign locations and when every one has order 999', () => {
    expect(showsPickupMethodColumn([])).toBe(false);
    expect(showsPickupMethodColumn([pincode])).toBe(false);
    expect(showsPickupMethodColumn([pincode, { ...pincode, code: 'OTHER' }])).toBe(false);
  });

  it('is shown as soon as one location has another order, 0 too', () => {
    expect(showsPickupMethodColumn([pincode, limburg])).toBe(true);
    expect(showsPickupMethodColumn([{ order: 0 }])).toBe(true);
    expect(showsPickupMethodColumn([{ order: 1000 }])).toBe(true);
  });
});

describe('releases spec §2 "pickupMethod", §3 "assignLocationLabel": the assign location of a container and of a BL', () => {
  const all = [pincode, limburg, antwerp];

  it("finds a container's location by its pickup location, none for a terminal outside every one", () => {
    expect(assignLocationAt('869', all)).toBe(antwerp);
    expect(assignLocationAt('RTM-DELTA', all)).toBe(pincode);
    expect(assignLocationAt('1333', all)).toBeNull();
    expect(assignLocationAt(null, all)).toBeNull();
    expect(assignLocationAt('', all)).toBeNull();
  });

  it("names a BL by its containers' location, the first in order when they lie in several", () => {
    expect(billOfLadingAssignLocation(['1742', '869'], all)).toBe(antwerp);
    expect(billOfLadingAssignLocation(['ZEE-CSP', '1700', 'RTM-DELTA'], all)).toBe(limburg);
    expect(billOfLadingAssignLocation(['ZEE-CSP', '1700', '1742'], all)).toBe(antwerp);
    // Outside every location, or no container: no label.
    expect(billOfLadingAssignLocation(['1333', null], all)).toBeNull();
    expect(billOfLadingAssignLocation([], all)).toBeNull();
    // A location ordered 999 still names the BL when it is the only one.
    expect(billOfLadingAssignLocation(['1333', 'ZEE-CSP'], all)).toBe(pincode);
  });

  it('orders by order, then by code', () => {
    const tie = { ...limburg, code: 'AAA' };
    expect([pincode, limburg, antwerp, tie].sort(compareAssignLocations)).toEqual([
      antwerp,
      tie,
      limburg,
      pincode,
    ]);
  });

  it("reads the label in the user's language, in English where that one is empty", () => {
    expect(assignLocationLabel(antwerp, 'nl')).toBe('Certified Pick-up Antwerp (nl)');
    expect(assignLocationLabel(antwerp, 'en')).toBe('Certified Pick-up Antwerp');
    expect(assignLocationLabel(antwerp, 'it')).toBe('Certified Pick-up Antwerp');
  });
});
