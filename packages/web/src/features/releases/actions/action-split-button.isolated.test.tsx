import {
  actionAvailability,
  actionsOfRole,
  releaseActions,
  type ActionAvailability,
  type ReleaseAction,
} from '@scr/domain';
import type * as Domain from '@scr/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allFeatures, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { container } from '../test/fake-releases-api.ts';
import { carrier } from '../test/render-releases.tsx';
import { ActionSplitButton } from './action-split-button.tsx';
import { actionContext } from './offered-actions.ts';

// The button must take every enabled state, and every reason, from the domain's one rule
// (`actionAvailability`, enabled exactly as `enabledActions`), never decide itself.
vi.mock('@scr/domain', async (original) => {
  const domain = await original<typeof Domain>();
  return { ...domain, actionAvailability: vi.fn(domain.actionAvailability) };
});

const states = (enabled: Partial<Record<ReleaseAction, boolean>>) =>
  Object.fromEntries(
    releaseActions.map((action) => [
      action,
      enabled[action]
        ? { enabled: true, reason: null }
        : { enabled: false, reason: action === 'edit' ? 'containerViewOnly' : 'noneOwned' },
    ]),
  ) as ActionAvailability;

afterEach(async () => {
  const domain = await vi.importActual<typeof Domain>('@scr/domain');
  vi.mocked(actionAvailability).mockReset().mockImplementation(domain.actionAvailability);
});

async function openMenu(props: Partial<Parameters<typeof ActionSplitButton>[0]> = {}) {
  const onAction = vi.fn();
  const app = renderWithProviders(
    <ActionSplitButton
      selection={[container()]}
      context={actionContext(carrier, 'container')}
      securePickup={false}
      onAction={onAction}
      {...props}
    />,
    { user: carrier },
  );
  await app.events.click(await screen.findByTestId('release-actions-arrow'));
  const menu = await screen.findByRole('menu');
  return { app, menu, onAction };
}

describe('action split button (releases spec §2, §4 "Action rules" via domain actionAvailability)', () => {
  it('asks actionAvailability with the selection and the viewer’s context', async () => {
    const selection = [container(), container({ address: '0xr2', releaseStatus: 'blocked' })];
    const context = actionContext(
      userWith({ isConnectedtoCpoint: true, organizationRole: 'carrier' }),
      'container',
    );
    await openMenu({ selection, context });
    expect(actionAvailability).toHaveBeenCalledWith(selection, context);
    expect(context).toMatchObject({
      role: 'carrier',
      hasActiveTransporter: false,
      connectedToPcs: true,
      view: 'container',
    });
  });

  it('enables exactly what enabledActions answers, and shows only the actions of the role (releases spec §6)', async () => {
    vi.mocked(actionAvailability).mockReturnValue(states({ delete: true, transfer: true }));
    const { menu } = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.dataset.testid),
    ).toEqual(actionsOfRole('carrier').map((action) => `release-action-${action}`));
    // The custody actions first, in the order of spec §2; edit and delete last.
    expect(releaseActions.slice(0, 7)).toEqual([
      'transfer',
      'revoke',
      'block',
      'unblock',
      'assign',
      'unassign',
      'pincode',
    ]);
    expect(releaseActions.slice(-2)).toEqual(['edit', 'delete']);
    expect(within(menu).getByTestId('release-action-edit')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(menu).getByTestId('release-action-delete')).not.toHaveAttribute('aria-disabled');
  });

  it('issue 15: always says Actions and only opens the menu; the chosen item runs', async () => {
    vi.mocked(actionAvailability).mockReturnValue(states({ edit: true, delete: true }));
    const { app, onAction, menu } = await openMenu();
    expect(screen.getByTestId('release-actions-arrow')).toHaveTextContent('Actions');
    expect(onAction).not.toHaveBeenCalled();
    await app.events.click(within(menu).getByTestId('release-action-delete'));
    expect(onAction).toHaveBeenCalledWith('delete');
    expect(screen.getByTestId('release-actions-arrow')).toHaveTextContent('Actions');
  });

  it('issue 15: a disabled item says why, in the user’s language', async () => {
    vi.mocked(actionAvailability).mockReturnValue(states({ delete: true }));
    const { menu } = await openMenu();
    expect(within(menu).getByTestId('release-action-edit-reason')).toHaveTextContent(
      'Open the per-container tab to edit.',
    );
    expect(within(menu).getByTestId('release-action-transfer-reason')).toHaveTextContent(
      'None of them is yours to pass on: they were transferred already.',
    );
    expect(within(menu).queryByTestId('release-action-delete-reason')).toBeNull();
  });

  it('edits only in the flat view (the real rule)', async () => {
    const { menu } = await openMenu({ context: actionContext(carrier, 'bl') });
    expect(within(menu).getByTestId('release-action-edit')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(menu).getByTestId('release-action-delete')).not.toHaveAttribute('aria-disabled');
  });

  it('offers a forwarder transfer and pincode, never the carrier’s block, edit or delete', async () => {
    const forwarder = { ...forwarderUser, features: allFeatures(true) };
    const { menu } = await openMenu({ context: actionContext(forwarder, 'container') });
    const enabled = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.getAttribute('aria-disabled') !== 'true')
      .map((item) => item.dataset.testid);
    expect(enabled).toEqual(
      expect.arrayContaining(['release-action-transfer', 'release-action-pincode']),
    );
    for (const action of ['revoke', 'block', 'unblock', 'edit', 'delete']) {
      expect(enabled).not.toContain(`release-action-${action}`);
    }
    expect(screen.getByTestId('release-actions-arrow')).toHaveTextContent('Actions');
  });

  it('offers nothing when actionAvailability enables nothing', async () => {
    vi.mocked(actionAvailability).mockReturnValue(states({}));
    const { menu } = await openMenu();
    for (const item of within(menu).getAllByRole('menuitem')) {
      expect(item).toHaveAttribute('aria-disabled', 'true');
    }
    expect(screen.getByTestId('release-actions-arrow')).toHaveTextContent('Actions');
  });

  it('labels secure pick-up releases, and waits for a selection still loading', async () => {
    const { menu } = await openMenu({ selection: undefined, securePickup: true });
    expect(within(menu).getByRole('menuitem')).toHaveTextContent('Loading the containers…');
    expect(screen.getByTestId('release-actions-secure-pickup')).toHaveTextContent('Secure pick-up');
    expect(actionAvailability).not.toHaveBeenCalled();
  });
});
