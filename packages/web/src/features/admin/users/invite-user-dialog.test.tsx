import type { OrganizationView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-backend.ts';
import { userWith } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const support = userWith({ isSupport: true });
const haven: OrganizationView = {
  id: 9,
  name: 'Haven Logistics NV',
  address: '0x9a11',
  role: 'other',
  access: 'full',
};
const noUsers = () => json({ total: 0, limit: 25, skip: 0, data: [] });

describe('access spec §2 "Users": support invites a user of another organisation', () => {
  it('names the organisation chosen in the users section, once it has loaded', async () => {
    // The organisation answers only after the dialog is open.
    let answer: () => void = () => {};
    const loaded = new Promise<void>((resolve) => (answer = resolve));
    stubFetch({
      'GET /api/users': noUsers,
      'GET /api/organizations/9': async () => {
        await loaded;
        return json(haven);
      },
      'GET /api/organizations': () => json({ total: 1, limit: 20, skip: 0, data: [haven] }),
    });
    const app = renderApp({ path: '/admin?section=users&organizationId=9', user: support });
    await app.events.click(await screen.findByTestId('user-invite', {}, { timeout: 15_000 }));
    const notice = await screen.findByTestId('invite-no-wallet');
    answer();
    await waitFor(() => expect(notice).not.toHaveTextContent('…'));
    expect(notice).toHaveTextContent(
      'You cannot open the wallet of Haven Logistics NV. The user is created now, and an administrator of Haven Logistics NV adds them',
    );
    expect(notice).not.toHaveTextContent(/of [.…]/);
  });

  it('asks for the organisation first when none is chosen, then names the one picked', async () => {
    stubFetch({
      'GET /api/users': noUsers,
      'GET /api/organizations': () => json({ total: 1, limit: 20, skip: 0, data: [haven] }),
    });
    const app = renderApp({ path: '/admin?section=users', user: support });
    await app.events.click(await screen.findByTestId('user-invite', {}, { timeout: 15_000 }));
    const dialog = await screen.findByTestId('invite-dialog');
    const notice = within(dialog).getByTestId('invite-no-wallet');
    expect(notice).toHaveTextContent('Choose the organisation first.');
    expect(notice).not.toHaveTextContent('wallet of .');

    await app.events.click(within(dialog).getByTestId('invite-organization'));
    await app.events.click(await screen.findByRole('option', { name: /Haven Logistics NV/ }));
    expect(within(dialog).getByTestId('invite-no-wallet')).toHaveTextContent(
      'You cannot open the wallet of Haven Logistics NV.',
    );
  });
});
