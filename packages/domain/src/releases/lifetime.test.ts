import { describe, expect, it } from 'vitest';
import { addDays } from '../dates.ts';
import {
  archivedOn,
  expiresOn,
  isExpired,
  lastArchivedValidUntil,
  lastExpiredValidUntil,
  statusAfterValidityEdit,
  unblockedStatus,
} from './lifetime.ts';
import { passesValidityFilter, validityRange } from './validity-filter.ts';
import { normaliseRowLimit } from './preferences.ts';

describe('releases spec §4 "Commercial release lifetime"', () => {
  it("expires on the agent's date", () => {
    expect(expiresOn({ validUntil: '2026-12-01', releasedOn: '2026-11-01' })).toBe('2026-12-01');
  });

  it('expires 60 calendar days after release without an agent date', () => {
    expect(expiresOn({ validUntil: null, releasedOn: '2026-11-01' })).toBe('2026-12-31');
  });

  it('is archived at gate-out, or 10 calendar days after expiry', () => {
    expect(
      archivedOn({ validUntil: '2026-12-01', releasedOn: '2026-11-01', gateOutOn: '2026-11-15' }),
    ).toBe('2026-11-15');
    expect(archivedOn({ validUntil: '2026-12-25', releasedOn: '2026-11-01' })).toBe('2027-01-04');
  });

  it('is expired from the day after its last valid day', () => {
    const release = { validUntil: '2026-11-21', releasedOn: '2026-11-01' };
    expect(isExpired(release, '2026-11-21')).toBe(false);
    expect(isExpired(release, '2026-11-22')).toBe(true);
  });
});

describe('releases spec §4 "Release status": validity filters', () => {
  const today = '2026-11-21';
  it.each([
    ['showOnlyValid', '2026-11-21', true],
    ['showOnlyValid', '2026-11-20', false],
    ['showOnlyInvalid', '2026-11-20', true],
    ['showOnlyInvalid', '2026-11-21', false],
    ['expiresIn1', '2026-11-22', true],
    ['expiresIn1', '2026-11-23', false],
    ['expiresIn5', '2026-11-26', true],
    ['expiresIn5', '2026-11-27', false],
    ['showBoth', '2020-01-01', true],
  ] as const)('%s keeps validUntil %s: %s', (filter, validUntil, kept) => {
    expect(passesValidityFilter(validUntil, filter, today)).toBe(kept);
  });

  it('gives the server an open range for showBoth', () => {
    expect(validityRange('showBoth', today)).toEqual({ from: null, to: null });
  });
});

describe('releases spec §5 "Stored preferences" and §9 row limits', () => {
  it('keeps a saved limit of 50 or less', () => {
    expect(normaliseRowLimit(25, 'bl')).toBe(25);
    expect(normaliseRowLimit('50', 'container')).toBe(50);
  });

  it('resets an empty or too large limit to the view default (10 for BL, 50 for containers)', () => {
    expect(normaliseRowLimit('', 'bl')).toBe(10);
    expect(normaliseRowLimit(undefined, 'container')).toBe(50);
    expect(normaliseRowLimit(51, 'bl')).toBe(10);
    expect(normaliseRowLimit(100, 'container')).toBe(50);
  });
});

describe('releases spec §4 "Effects": unblock returns a release to its unblocked state', () => {
  it('released while valid, expired once its validity passed', () => {
    const release = { validUntil: '2026-11-30', releasedOn: '2026-11-01' };
    expect(unblockedStatus(release, '2026-11-30')).toBe('released');
    expect(unblockedStatus(release, '2026-12-01')).toBe('expired');
  });
});

describe('issue 10 item 1: the status changes written as SQL derive from expiresOn / archivedOn', () => {
  const today = '2026-03-15';
  it('lastExpiredValidUntil: expired exactly when validUntil is on or before it', () => {
    for (let d = -15; d <= 5; d++) {
      const validUntil = addDays(today, d);
      const release = { validUntil, releasedOn: addDays(today, -70) };
      expect(validUntil <= lastExpiredValidUntil(today)).toBe(isExpired(release, today));
    }
  });

  it('lastArchivedValidUntil: archived exactly when archivedOn is on or before today', () => {
    for (let d = -15; d <= 5; d++) {
      const validUntil = addDays(today, d);
      const release = { validUntil, releasedOn: addDays(today, -70) };
      expect(validUntil <= lastArchivedValidUntil(today)).toBe(archivedOn(release) <= today);
    }
  });

  it('statusAfterValidityEdit: an expired release valid again is released; others keep theirs', () => {
    expect(statusAfterValidityEdit('expired', today, today)).toBe('released');
    expect(statusAfterValidityEdit('expired', addDays(today, -1), today)).toBe('expired');
    expect(statusAfterValidityEdit('blocked', addDays(today, 9), today)).toBe('blocked');
    expect(statusAfterValidityEdit('released', addDays(today, 9), today)).toBe('released');
  });
});
