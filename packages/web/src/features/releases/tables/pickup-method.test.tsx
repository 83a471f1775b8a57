import { defaultHiddenColumns } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  pincodeLocation as pincode,
  securePickupLocation as securePickup,
} from '../test/assign-location-fixtures.ts';
import { billOfLading, container } from '../test/fake-releases-api.ts';
import { renderReleases } from '../test/render-releases.tsx';

const bills = [
  billOfLading({
    id: 1,
    blNumber: 'SOLU1000001',
    containers: [container({ pickupLocation: '869' }), container({ pickupLocation: '1742' })],
    assignLocationLabel: 'Secure pick-up (alfaPass)',
  }),
  billOfLading({ id: 2, blNumber: 'SOLU1000002', containers: [], assignLocationLabel: 'Pincode' }),
  billOfLading({ id: 3, blNumber: 'SOLU1000003', containers: [], assignLocationLabel: null }),
];
const containers = [
  container({ address: '0xa1', containerNumber: 'MSKU1000001', pickupLocation: '1742' }),
  container({ address: '0xa2', containerNumber: 'MSKU1000002', pickupLocation: '869' }),
  container({ address: '0xa3', containerNumber: 'MSKU1000003', pickupLocation: 'K420' }),
];

/** A user who shows the pickup method on the container tab too (one click away by default). */
const preferences = {
  hiddenColumns: {
    container: defaultHiddenColumns.container.filter((column) => column !== 'pickupMethod'),
  },
  options: {},
};

const header = (table: HTMLElement, name: RegExp) =>
  within(table)
    .queryAllByRole('columnheader')
    .filter((cell) => name.test(cell.textContent ?? ''));

/** The header texts of `table`, in order, the display columns (checkbox, actions) left out. */
const headerTexts = (table: HTMLElement) =>
  within(table)
    .queryAllByRole('columnheader')
    .map((cell) => cell.textContent?.trim() ?? '')
    .filter((text) => text !== '');

describe('releases spec §2 "The pickupMethod column is shown only when at least one assign location has an order other than 999"', () => {
  it.each([
    ['no assign location', []],
    ['only locations of order 999', [pincode]],
  ])(
    'is absent from both tabs with %s',
    async (_case, assignLocations) => {
      const app = renderReleases({ bills, containers, assignLocations, preferences });
      const row = await screen.findByTestId('bl-row-SOLU1000001');
      await waitFor(() => expect(app.api.findAssignLocations).toHaveBeenCalled());
      expect(header(screen.getByTestId('bl-table'), /Pick-up method/)).toHaveLength(0);
      expect(within(row).queryByTestId('pickup-method')).toBeNull();
      await app.events.click(screen.getByTestId('tab-container'));
      await screen.findByTestId('container-row-MSKU1000001');
      expect(header(screen.getByTestId('container-table'), /Pick-up method/)).toHaveLength(0);
    },
    // Both tabs, and the file's first render on a busy machine.
    40_000,
  );

  it('shows on the BL tab once a location has an order, each BL\'s method in the language shown (releases spec §3 "assignLocationLabel")', async () => {
    renderReleases({ bills, containers, assignLocations: [pincode, securePickup], language: 'nl' });
    await screen.findByTestId('bl-row-SOLU1000001');
    const table = screen.getByTestId('bl-table');
    await waitFor(() => expect(header(table, /Ophaalwijze/)).toHaveLength(1));
    // In the spec's place, after the BL number, though it came after the first render.
    expect(headerTexts(table)[1]).toMatch(/^Ophaalwijze/);
    const cell = (bl: string) =>
      within(screen.getByTestId(`bl-row-${bl}`)).getByTestId('pickup-method');
    // Its containers lie in both locations: the first in order names it, in Dutch.
    expect(cell('SOLU1000001')).toHaveTextContent('Beveiligde ophaling (alfaPass)');
    expect(cell('SOLU1000001')).toHaveAttribute('data-code', 'BEANR-ALFAPASS');
    // No container on the row: the server's label; none at all: a dash.
    expect(cell('SOLU1000002')).toHaveTextContent('Pincode');
    expect(cell('SOLU1000003')).toHaveTextContent('—');
  });

  it('starts hidden on the container tab (domain defaultHiddenColumns), one click away', async () => {
    const app = renderReleases({ bills, containers, assignLocations: [securePickup] });
    await screen.findByTestId('bl-row-SOLU1000001');
    await waitFor(() =>
      expect(header(screen.getByTestId('bl-table'), /Pick-up method/)).toHaveLength(1),
    );
    await app.events.click(screen.getByTestId('tab-container'));
    const table = await screen.findByTestId('container-table');
    await screen.findByTestId('container-row-MSKU1000001');
    expect(header(table, /Pick-up method/)).toHaveLength(0);
    await app.events.click(within(table).getByRole('button', { name: 'Show/Hide columns' }));
    const menu = await screen.findByRole('menu');
    await app.events.click(within(menu).getByText('Pick-up method'));
    await app.events.keyboard('{Escape}');
    await waitFor(() =>
      expect(header(screen.getByTestId('container-table'), /Pick-up method/)).toHaveLength(1),
    );
  }, 30_000);

  it("shows on the container tab: each container's method by its pickup location, a dash outside every location", async () => {
    const app = renderReleases({
      bills,
      containers,
      assignLocations: [securePickup, pincode],
      language: 'fr',
      preferences,
    });
    await screen.findByTestId('bl-table');
    await app.events.click(screen.getByTestId('tab-container'));
    const table = await screen.findByTestId('container-table');
    await waitFor(() => expect(header(table, /Mode d’enlèvement/)).toHaveLength(1));
    expect(headerTexts(table)[1]).toMatch(/^Mode d’enlèvement/);
    const cell = (number: string) =>
      within(screen.getByTestId(`container-row-${number}`)).getByTestId('pickup-method');
    expect(cell('MSKU1000001')).toHaveTextContent('Enlèvement sécurisé (alfaPass)');
    // A location of order 999 still names its containers once the column shows.
    expect(cell('MSKU1000002')).toHaveTextContent('Code PIN');
    expect(cell('MSKU1000003')).toHaveTextContent('—');
  });
});
