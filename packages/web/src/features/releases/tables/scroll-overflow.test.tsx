import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { overflowAttributes, overflowSides, ScrollHint } from './scroll-overflow.tsx';

describe('an overview table that scrolls sideways says so (releases spec §2 tab 2)', () => {
  it('finds the sides with columns out of view, a pixel of rounding allowed', () => {
    expect(overflowSides({ scrollLeft: 0, scrollWidth: 1390, clientWidth: 1390 })).toEqual({
      left: false,
      right: false,
    });
    expect(overflowSides({ scrollLeft: 0, scrollWidth: 1391, clientWidth: 1390 })).toEqual({
      left: false,
      right: false,
    });
    expect(overflowSides({ scrollLeft: 0, scrollWidth: 1800, clientWidth: 1390 })).toEqual({
      left: false,
      right: true,
    });
    expect(overflowSides({ scrollLeft: 200, scrollWidth: 1800, clientWidth: 1390 })).toEqual({
      left: true,
      right: true,
    });
    expect(overflowSides({ scrollLeft: 410, scrollWidth: 1800, clientWidth: 1390 })).toEqual({
      left: true,
      right: false,
    });
    expect(overflowAttributes({ left: true, right: false })).toEqual({
      'data-overflow-left': 'true',
      'data-overflow-right': 'false',
    });
  });

  it('shows the hint only while columns lie out of view, in the user’s language', async () => {
    const quiet = renderWithProviders(<ScrollHint overflow={{ left: false, right: false }} />, {
      language: 'nl',
    });
    expect(screen.queryByTestId('table-scroll-hint')).toBeNull();
    quiet.unmount();
    renderWithProviders(<ScrollHint overflow={{ left: false, right: true }} />, { language: 'nl' });
    expect(await screen.findByTestId('table-scroll-hint')).toHaveTextContent(
      'Meer kolommen: scroll opzij',
    );
  });
});
