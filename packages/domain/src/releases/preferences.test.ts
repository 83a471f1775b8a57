import { describe, expect, it } from 'vitest';
import { defaultHiddenColumns, normaliseRowLimit } from './preferences.ts';

describe('releases spec §2 "hidden by default", once in domain (issue 10 item 1)', () => {
  it('hides portOfLoading and portOfDestination in the BL view', () => {
    expect(defaultHiddenColumns.bl).toEqual(['portOfLoading', 'portOfDestination']);
  });

  it('hides validFrom, the pickup port and the next mode of transport (§7 `nmots`) in the container view', () => {
    expect(defaultHiddenColumns.container.slice(0, 3)).toEqual([
      'validFrom',
      'pickupPort',
      'nextModeOfTransport',
    ]);
  });

  it('issue 15: starts the container view compact: turn-in columns and visit number one click away', () => {
    expect(defaultHiddenColumns.container).toEqual(
      expect.arrayContaining([
        'turnInLocation',
        'turnInReference',
        'turnInLocationBarge',
        'turnInReferenceBarge',
        'turnInLocationRail',
        'turnInReferenceRail',
        'assignedVisitNumber',
        // The vessel is the BL's: on the BL tab and in the BL's dialog; the default columns
        // then fit 1440 px (e2e overview-layout.spec.ts).
        'vessel',
        // Releases spec §2 "pickupMethod": on the BL tab from the start, here one click away.
        'pickupMethod',
      ]),
    );
    // What a day's work needs stays in view.
    for (const kept of ['containerNumber', 'blNumber', 'releaseStatus', 'transferStatus']) {
      expect(defaultHiddenColumns.container).not.toContain(kept);
    }
  });
});

describe('releases spec §5 "Stored preferences": row limits', () => {
  it('resets an empty or too large limit to the view’s default', () => {
    expect(normaliseRowLimit('', 'bl')).toBe(10);
    expect(normaliseRowLimit(100, 'container')).toBe(50);
    expect(normaliseRowLimit('25', 'bl')).toBe(25);
  });
});
