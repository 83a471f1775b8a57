import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productionInfo, userWith } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { organisationSize } from './premium-prices.ts';

describe('/order (access spec §2 "order: always reachable", §9 pricing)', () => {
  it('shows the three formulas per size, per month, to a visitor who is not signed in', async () => {
    renderApp({ path: '/order' });
    const table = await screen.findByTestId('order-prices');
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent).join(' | ');
    expect(rows.map(cells)).toEqual([
      'Formula | Small (up to 2 users) | Medium (up to 10 users) | Enterprise (more than 10 users)',
      expect.stringMatching(
        /^Single.*€19per location \/ month \| €49per location.*€199per location/,
      ),
      expect.stringMatching(/^Global.*€49per month \| €129per month \| €499per month$/),
      expect.stringMatching(/^Multi.*€99per location.*€199per location.*€599per location/),
    ]);
    expect(screen.getByTestId('order-page')).toHaveTextContent(
      'Locations: Belgium, Netherlands, Poland, United Kingdom.',
    );
  });

  it('links to support by e-mail when the installation names its support address', async () => {
    renderApp({
      path: '/order',
      appInfo: { ...productionInfo, supportEmail: 'support@scr.example' },
    });
    expect(await screen.findByTestId('order-contact')).toHaveAttribute(
      'href',
      'mailto:support@scr.example?subject=SCR%20Premium%20order',
    );
  });

  it('stays reachable for a signed-in user whose subscription expired', async () => {
    renderApp({ path: '/order', user: userWith({ subscriptions: [] }) });
    expect(await screen.findByTestId('order-page')).toBeVisible();
    expect(screen.queryByTestId('subscription-expired-page')).toBeNull();
  });

  it.each([
    [1, 'small'],
    [2, 'small'],
    [3, 'medium'],
    [10, 'medium'],
    [11, 'enterprise'],
  ] as const)('counts %i users as a %s organisation', (users, size) => {
    expect(organisationSize(users)).toBe(size);
  });
});
