import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { allFeatures, forwarderUser } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { container } from '../test/fake-releases-api.ts';
import { carrier } from '../test/render-releases.tsx';
import { ActionSplitButton } from './action-split-button.tsx';
import { ActionsMenuProvider, actionsMenuKeys, useOpenActionsMenu } from './actions-menu-state.tsx';
import { actionContext } from './offered-actions.ts';

const menuKey = actionsMenuKeys.bl('SOLU1234567');

/** What the overview's tables do to a row: a new React key (a new index), or no row at all. */
let setRow: (row: { key: number; shown: boolean }) => void = () => undefined;

function Row({ onAction }: { onAction: () => void }) {
  const [row, set] = useState({ key: 0, shown: true });
  setRow = set;
  return row.shown ? (
    <ActionSplitButton
      key={row.key}
      selection={[container()]}
      context={actionContext(carrier, 'container')}
      securePickup={false}
      onAction={onAction}
      menuKey={menuKey}
    />
  ) : null;
}

function OpenMenuKey() {
  return <output data-testid="open-menu-key">{useOpenActionsMenu() ?? 'none'}</output>;
}

async function openMenu() {
  const onAction = vi.fn();
  const app = renderWithProviders(
    <ActionsMenuProvider>
      <Row onAction={onAction} />
      <OpenMenuKey />
    </ActionsMenuProvider>,
    { user: carrier },
  );
  await app.events.click(await screen.findByTestId('release-actions-arrow'));
  await screen.findByRole('menu');
  return { app, onAction };
}

describe('action split button (releases spec §2 "Action split button")', () => {
  it('keeps its menu open when its row is remounted (a live refresh), and the item runs', async () => {
    const { app, onAction } = await openMenu();
    const before = screen.getByTestId('release-actions-arrow');
    act(() => setRow({ key: 1, shown: true }));
    const button = screen.getByTestId('release-actions-arrow');
    expect(button).not.toBe(before);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    // The button mounted now controls it.
    const controlled = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(controlled).toContainElement(menu);
    await app.events.click(within(menu).getByTestId('release-action-delete'));
    expect(onAction).toHaveBeenCalledWith('delete');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByTestId('open-menu-key')).toHaveTextContent('none');
  });

  it('closes on Escape and clears the open menu above it', async () => {
    const { app } = await openMenu();
    act(() => setRow({ key: 1, shown: true }));
    expect(screen.getByTestId('open-menu-key')).toHaveTextContent(menuKey);
    await app.events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByTestId('release-actions-arrow')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('open-menu-key')).toHaveTextContent('none');
  });

  it('forgets a menu whose row left the page, so it never reopens by itself', async () => {
    await openMenu();
    expect(screen.getByTestId('open-menu-key')).toHaveTextContent(menuKey);
    act(() => setRow({ key: 0, shown: false }));
    await waitFor(() => expect(screen.getByTestId('open-menu-key')).toHaveTextContent('none'));
    act(() => setRow({ key: 1, shown: true }));
    expect(screen.getByTestId('release-actions-arrow')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('action split button: each role its own actions (releases spec §2, §6)', () => {
  const items = (menu: HTMLElement) =>
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.dataset.testid?.replace('release-action-', ''));

  async function menuOf(context: ReturnType<typeof actionContext>) {
    const app = renderWithProviders(
      <ActionSplitButton
        selection={[container()]}
        context={context}
        securePickup={false}
        onAction={vi.fn()}
      />,
      { user: carrier },
    );
    await app.events.click(await screen.findByTestId('release-actions-arrow'));
    return screen.findByRole('menu');
  }

  it('§6: a carrier sees no Assign, Un-assign, Pincode or PCS item; its disabled ones say why', async () => {
    const menu = await menuOf(actionContext(carrier, 'bl'));
    const shown = items(menu);
    for (const action of ['assign', 'unassign', 'pincode', 'transferToPcs', 'revokeFromPcs']) {
      expect(shown).not.toContain(action);
    }
    expect(shown).toEqual(expect.arrayContaining(['block', 'unblock', 'edit', 'delete']));
    expect(within(menu).getByTestId('release-action-edit-reason')).toHaveTextContent(
      'Open the per-container tab to edit.',
    );
    expect(within(menu).getByTestId('release-action-unblock-reason')).toHaveTextContent(
      'None of them is blocked.',
    );
  });

  it('§6: a non-carrier sees no Block, Unblock, Edit or Delete; its disabled ones say why', async () => {
    const forwarder = { ...forwarderUser, features: allFeatures(true) };
    const menu = await menuOf(actionContext(forwarder, 'container', false));
    const shown = items(menu);
    for (const action of ['block', 'unblock', 'edit', 'delete']) {
      expect(shown).not.toContain(action);
    }
    expect(shown).toEqual(
      expect.arrayContaining(['transfer', 'assign', 'unassign', 'pincode', 'transferToPcs']),
    );
    expect(within(menu).getByTestId('release-action-assign-reason')).toHaveTextContent(
      'Add an active driver, barge or train first.',
    );
    expect(within(menu).getByTestId('release-action-revoke-reason')).toHaveTextContent(
      'None of them was transferred, so there is nothing to revoke.',
    );
  });
});
