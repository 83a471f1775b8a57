import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { renderReleases } from '../test/render-releases.tsx';
import { SearchBox, searchDebounceMs } from './search-box.tsx';

const lastQuery = (mock: { mock: { calls: unknown[][] } }) =>
  mock.mock.calls.at(-1)?.[0] as { search: string; filter: object };

describe('search as you type (issue 15)', () => {
  it('searches once the typing pauses, at once on Enter, and not again for the same text', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const box = (value: string, applied = '') => (
      <SearchBox value={value} applied={applied} onChange={() => undefined} onSearch={onSearch} />
    );
    const view = renderWithProviders(box('ms'));
    view.rerender(box('msk'));
    act(() => vi.advanceTimersByTime(searchDebounceMs - 50));
    expect(onSearch).not.toHaveBeenCalled();
    view.rerender(box('msku'));
    act(() => vi.advanceTimersByTime(searchDebounceMs - 50));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onSearch).toHaveBeenCalledTimes(1);

    view.rerender(box('msku ', 'msku'));
    act(() => vi.advanceTimersByTime(searchDebounceMs * 2));
    expect(onSearch).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(screen.getByTestId('overview-search'), { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Results update as you type')).toBeVisible();
  });
});

describe('the overview in the address (issue 15)', () => {
  it('writes the tab and the search into the address, and follows an address it is sent to', async () => {
    const app = renderReleases();
    await screen.findByTestId('bl-row-SOLU1234567');
    await app.events.click(screen.getByTestId('overview-search'));
    await app.events.paste('msku');
    await waitFor(() => expect(app.location()).toBe('/__test?q=msku'));
    await app.events.click(screen.getByTestId('tab-container'));
    await waitFor(() => expect(app.location()).toBe('/__test?view=container&q=msku'));

    // Back, Forward or a link inside the app: the overview follows the address.
    await act(() => app.router.navigate('/__test?q=TGHU&releaseStatus=blocked'));
    await waitFor(() =>
      expect(lastQuery(app.api.findBillsOfLading)).toMatchObject({
        search: 'TGHU',
        filter: { releaseStatus: 'blocked', valid: 'showOnlyValid' },
      }),
    );
    expect(screen.getByTestId('overview-search')).toHaveValue('TGHU');
    expect(screen.getByTestId('releases-page')).toHaveAttribute('data-view', 'bl');
    expect(screen.getByTestId('results-banner')).toHaveTextContent('“TGHU”');
  });
});
