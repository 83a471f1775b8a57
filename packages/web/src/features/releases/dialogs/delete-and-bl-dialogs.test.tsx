import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../api/http.ts';
import { container } from '../test/fake-releases-api.ts';
import { renderReleases } from '../test/render-releases.tsx';
import { BillOfLadingDialog } from './bill-of-lading-dialog.tsx';
import { DeleteReleasesDialog } from './delete-releases-dialog.tsx';
import { sanitiseTerms } from './terms-html.ts';

const rows = Array.from({ length: 10 }, (_, i) =>
  container({ address: `0xr${i}`, containerNumber: `MSKU000000${i}` }),
);

describe('delete confirmation (releases spec §2)', () => {
  it('names the containers, deletes them in one call once confirmed', async () => {
    const onDeleted = vi.fn();
    const onClose = vi.fn();
    const app = renderReleases({
      ui: <DeleteReleasesDialog rows={rows} onClose={onClose} onDeleted={onDeleted} />,
    });
    const dialog = await screen.findByTestId('release-confirm-dialog');
    expect(dialog).toHaveTextContent('Delete 10 releases?');
    expect(within(dialog).getByTestId('delete-containers')).toHaveTextContent('MSKU0000000');
    // Issue 15: every selected container is listed, in a list that scrolls.
    expect(within(dialog).getAllByTestId('selected-container')).toHaveLength(10);
    expect(within(dialog).getByTestId('delete-containers')).toHaveTextContent('MSKU0000009');
    expect(app.api.deleteReleases).not.toHaveBeenCalled();
    await app.events.click(within(dialog).getByTestId('release-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(app.api.deleteReleases).toHaveBeenCalledWith(rows.map((row) => row.address));
    expect(onDeleted).toHaveBeenCalledWith(rows.map((row) => row.address));
  });

  it('reports a refused delete', async () => {
    const app = renderReleases({
      ui: <DeleteReleasesDialog rows={[rows[0]!]} onClose={vi.fn()} onDeleted={vi.fn()} />,
    });
    app.api.deleteReleases.mockRejectedValueOnce(
      new HttpError(404, 'not_found', 'Not found', { code: 'not_found' }),
    );
    await app.events.click(await screen.findByTestId('release-confirm'));
    expect(await screen.findByTestId('release-report')).toHaveTextContent(
      'MSKU0000000: Not found.',
    );
  });
});

describe('bill-of-lading dialog (releases spec §2: full screen, containers, terms)', () => {
  it('lists all the BL’s containers and shows the terms without their scripts', async () => {
    const app = renderReleases({
      ui: <BillOfLadingDialog blNumber="SOLU1234567" onClose={vi.fn()} />,
      configure: (api) =>
        api.fetchTerms.mockResolvedValue(
          '<p onclick="steal()">Free time <b>7 days</b></p><script>steal()</script><img src=x onerror="steal()">',
        ),
    });
    const dialog = await screen.findByTestId('bl-dialog');
    expect(dialog).toHaveTextContent('Bill of lading SOLU1234567');
    const terms = await screen.findByTestId('bl-terms');
    expect(terms).toHaveTextContent('Free time 7 days');
    expect(terms.innerHTML).not.toMatch(/script|onclick|onerror/);
    expect(await within(dialog).findByText('MSKU1234565')).toBeVisible();
    expect(app.api.findContainers).toHaveBeenCalledWith(
      expect.objectContaining({ filter: { valid: 'showBoth' }, search: '' }),
      'SOLU1234567',
    );
    expect(app.api.fetchTerms).toHaveBeenCalledWith('SOLU1234567');
  });

  it('sanitises terms: no scripts, handlers, frames, forms or styles', () => {
    expect(
      sanitiseTerms(
        '<h2 style="x">Terms</h2><iframe src="//evil"></iframe><form><input></form><a href="javascript:alert(1)">x</a>',
      ),
    ).toBe('<h2>Terms</h2><a>x</a>');
  });
});
