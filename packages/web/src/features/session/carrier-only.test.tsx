import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { forwarderUser } from '../../test/fixtures.ts';
import { ReleaseDialogs } from '../releases/dialogs/release-dialogs.tsx';
import { carrier, renderReleases } from '../releases/test/render-releases.tsx';

const kinds = ['create', 'upload', 'coreor'] as const;

describe('the carrier-only warning guards the carrier-only dialogs (releases spec §2 "Warnings", §6)', () => {
  it.each(kinds)(
    'tells anyone else the %s dialog is for carriers, and Close closes it',
    async (kind) => {
      const onClose = vi.fn();
      const app = renderReleases({
        user: forwarderUser,
        ui: <ReleaseDialogs request={{ kind }} onClose={onClose} onDeleted={() => undefined} />,
      });
      const dialog = await screen.findByTestId('carrier-only-dialog');
      expect(dialog).toHaveTextContent(
        'This page is for carriers (shipping lines) only. Your organisation is not a carrier.',
      );
      // The warning's dialog is the only one: the carrier's dialog is not there behind it.
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect(dialog).toContainElement(screen.getByRole('dialog'));
      await app.events.click(screen.getByRole('button', { name: 'Close' }));
      expect(onClose).toHaveBeenCalled();
    },
  );

  it('opens the dialog for a carrier', async () => {
    renderReleases({
      user: carrier,
      ui: (
        <ReleaseDialogs
          request={{ kind: 'create' }}
          onClose={() => undefined}
          onDeleted={() => undefined}
        />
      ),
    });
    expect(await screen.findByTestId('create-release-dialog')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('carrier-only-dialog')).toBeNull());
  });
});
