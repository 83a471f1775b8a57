import type { PreferencesView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asPhone } from '../../../test/phone-media.ts';
import { securePickupLocation as securePickup } from '../test/assign-location-fixtures.ts';
import { billOfLading, container } from '../test/fake-releases-api.ts';
import { renderReleases } from '../test/render-releases.tsx';

let restore: () => void;
beforeEach(() => {
  restore = asPhone();
});
afterEach(() => restore());

describe('the overview on a phone (releases spec §2)', () => {
  it('says the first page is loading while the saved preferences are on their way, never "0-0 of 0"', async () => {
    let answer: ((view: PreferencesView) => void) | undefined;
    renderReleases({
      bills: [billOfLading({ blNumber: 'SOLU2000001', containerCount: 1 })],
      configure: (api) => {
        api.getPreferences.mockImplementationOnce(
          () =>
            new Promise((resolve) => {
              answer = resolve;
            }),
        );
      },
    });
    const cards = await screen.findByTestId('bl-cards');
    await waitFor(() => expect(answer).toBeDefined());
    expect(cards).toHaveTextContent('Loading…');
    expect(cards).not.toHaveTextContent(/0-0/);
    expect(within(cards).queryByTestId('overview-empty')).toBeNull();
    answer!({ hiddenColumns: {}, options: {} } as PreferencesView);
    expect(await screen.findByTestId('bl-card-SOLU2000001')).toBeVisible();
    expect(cards).toHaveTextContent('1-1 of 1');
    expect(cards).not.toHaveTextContent('Loading…');
  });

  it('names the pickup method on each card once an assign location has an order other than 999', async () => {
    const row = container({ containerNumber: 'MSKU2000001', pickupLocation: '1742' });
    const app = renderReleases({
      bills: [billOfLading({ blNumber: 'SOLU2000002', containers: [row] })],
      containers: [row],
      assignLocations: [securePickup],
      language: 'de',
    });
    const blCard = await screen.findByTestId('bl-card-SOLU2000002');
    await waitFor(() => expect(blCard).toHaveTextContent('Abholart'));
    expect(within(blCard).getByTestId('pickup-method')).toHaveTextContent(
      'Sichere Abholung (alfaPass)',
    );
    await app.events.click(screen.getByTestId('tab-container'));
    const card = await screen.findByTestId('container-card-MSKU2000001');
    expect(within(card).getByTestId('pickup-method')).toHaveTextContent(
      'Sichere Abholung (alfaPass)',
    );
  });

  it('leaves the pickup method out while every assign location has order 999', async () => {
    renderReleases({
      bills: [billOfLading({ blNumber: 'SOLU2000003' })],
      assignLocations: [{ ...securePickup, order: 999 }],
    });
    const card = await screen.findByTestId('bl-card-SOLU2000003');
    expect(card).not.toHaveTextContent('Pick-up method');
    expect(within(card).queryByTestId('pickup-method')).toBeNull();
  });
});
