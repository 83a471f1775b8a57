import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billOfLading, container } from '../test/fake-releases-api.ts';
import { renderReleases } from '../test/render-releases.tsx';

describe('an overview table while its first page loads (releases spec §2; issue 10 §7)', () => {
  it('shows placeholder lines in a busy table and a loading pager, not a skeleton in every cell, then the rows', async () => {
    // In French: the progress bar is named in the portal's language (MRT's own said "Loading").
    const bl = billOfLading({ blNumber: 'LOADING0001' });
    let answer: (() => void) | undefined;
    const app = renderReleases({
      bills: [bl],
      language: 'fr',
      configure: (api) => {
        const find = api.findBillsOfLading.getMockImplementation()!;
        api.findBillsOfLading.mockImplementationOnce(
          (query) =>
            new Promise((resolve) => {
              answer = () => resolve(find(query));
            }),
        );
      },
    });
    const table = await screen.findByTestId('bl-table');
    const busy = () => table.querySelector('.MuiTableContainer-root')?.getAttribute('aria-busy');

    const placeholder = await within(table).findByTestId('overview-loading');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(busy()).toBe('true');
    // Three lines in all: MRT's own loading state drew one in each cell of up to 20 blank rows.
    expect(table.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
    expect(within(table).queryByTestId('overview-empty')).toBeNull();
    expect(within(table).getByRole('progressbar', { name: 'Chargement…' })).toBeVisible();
    // The pager says it is loading, not "0-0 sur 0" (an empty table) before anything is counted.
    expect(within(table).getByTestId('overview-pager-loading')).toHaveTextContent('Chargement…');
    expect(table).not.toHaveTextContent(/0-0/);

    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await within(table).findByTestId('bl-row-LOADING0001')).toBeVisible();
    expect(within(table).queryByTestId('overview-pager-loading')).toBeNull();
    expect(table).toHaveTextContent('1-1 de 1');
    expect(busy()).toBe('false');
    expect(within(table).queryByTestId('overview-loading')).toBeNull();
    expect(table.querySelectorAll('.MuiSkeleton-root')).toHaveLength(0);
    expect(within(table).queryByRole('progressbar')).toBeNull();
    expect(app.api.findBillsOfLading).toHaveBeenCalledTimes(1);
  });

  it('does the same on the container tab', async () => {
    const row = container({ containerNumber: 'TGHU7654321' });
    let answer: (() => void) | undefined;
    const app = renderReleases({ containers: [row] });
    await screen.findByTestId('bl-table');
    const find = app.api.findContainers.getMockImplementation()!;
    app.api.findContainers.mockImplementationOnce(
      (query, blNumber) =>
        new Promise((resolve) => {
          answer = () => resolve(find(query, blNumber));
        }),
    );
    await app.events.click(screen.getByTestId('tab-container'));
    const table = await screen.findByTestId('container-table');
    expect(await within(table).findByTestId('overview-loading')).toBeVisible();
    expect(within(table).getByRole('progressbar')).toBeVisible();

    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await within(table).findByTestId('container-row-TGHU7654321')).toBeVisible();
    expect(within(table).queryByTestId('overview-loading')).toBeNull();
    expect(within(table).queryByRole('progressbar')).toBeNull();
  });
});
