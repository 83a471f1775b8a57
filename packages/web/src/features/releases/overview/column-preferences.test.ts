import { describe, expect, it } from 'vitest';
import {
  defaultHiddenColumns,
  hiddenOf,
  preferencesChange,
  restorePreferences,
  visibilityOf,
} from './column-preferences.ts';

describe('overview preferences (releases spec §2 hidden columns, §5 "Stored preferences")', () => {
  it('hides the ports of a BL, validFrom and the pickup port until the user chooses', () => {
    expect(restorePreferences(undefined).hidden).toEqual(defaultHiddenColumns);
    expect(defaultHiddenColumns.bl).toEqual(['portOfLoading', 'portOfDestination']);
    expect(restorePreferences({ hiddenColumns: {}, options: {} }).hidden).toEqual(
      defaultHiddenColumns,
    );
  });

  it('restores the saved hidden columns, an empty list included', () => {
    const restored = restorePreferences({
      hiddenColumns: { bl: [], container: ['vessel', 'transferTo'] },
      options: {},
    });
    expect(restored.hidden).toEqual({ bl: [], container: ['vessel', 'transferTo'] });
  });

  it.each([
    [undefined, 10, 50],
    ['', 10, 50],
    [100, 10, 50],
    [51, 10, 50],
    [25, 25, 25],
    ['25', 25, 25],
  ])('a saved limit %j restores as %i (BL) and %i (containers)', (saved, bl, container) => {
    const restored = restorePreferences({
      hiddenColumns: {},
      options: { limitBL: saved, limitCT: saved },
    });
    expect(restored.limits).toEqual({ bl, container });
  });

  it('saves only what the overview owns (the server keeps the other options)', () => {
    const change = preferencesChange({
      hidden: { bl: ['agent'], container: [] },
      limits: { bl: 25, container: 50 },
    });
    expect(change).toEqual({
      hiddenColumns: { bl: ['agent'], container: [] },
      options: { limitBL: 25, limitCT: 50 },
    });
  });

  it('turns hidden ids into the table visibility and back, ignoring the table’s own columns', () => {
    expect(visibilityOf(['vessel'])).toEqual({ vessel: false });
    expect(
      hiddenOf({ vessel: false, agent: true, 'mrt-row-select': false, blNumber: false }),
    ).toEqual(['blNumber', 'vessel']);
  });
});
