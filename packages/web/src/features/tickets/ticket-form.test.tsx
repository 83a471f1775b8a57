import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, json, stubFetch } from '../../test/fake-backend.ts';
import { forwarderUser, terminalUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** A 1×1 PNG, as a picked file. */
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const pngFile = () =>
  new File([Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0))], 'screen.png', {
    type: 'image/png',
  });

function backend(answer = () => json({ id: 42, message: 'tickets.sent' }, 201)) {
  return stubFetch({ 'POST /api/tickets': answer });
}

/** Pastes rather than types: one change per field keeps the tests quick on a busy machine. */
async function paste(events: ReturnType<typeof renderApp>['events'], testId: string, text: string) {
  await events.click(await screen.findByTestId(testId));
  await events.paste(text);
}

async function fillRequired(events: ReturnType<typeof renderApp>['events']) {
  await paste(events, 'ticket-title', 'Transfer button stays grey');
  await paste(events, 'ticket-content', 'I cannot transfer SOLANR2611001.');
}

describe('the support ticket page (access spec §2 "Support ticket page", §3, §5 "Ticket")', () => {
  it('is filled in for the signed-in person and sends the ticket with its image and destination', async () => {
    const api = backend();
    const app = renderApp({ path: '/ticket?destination=%2Freleases', user: forwarderUser });
    expect(await screen.findByTestId('ticket-email')).toHaveValue(forwarderUser.email);
    expect(screen.getByTestId('ticket-company')).toHaveValue(forwarderUser.organization.name);
    expect(screen.getByTestId('ticket-destination')).toHaveTextContent('/releases');
    await fillRequired(app.events);
    await app.events.upload(screen.getByTestId('ticket-image'), pngFile());
    expect(await screen.findByTestId('ticket-image-name')).toHaveTextContent('screen.png');

    await app.events.click(screen.getByTestId('ticket-send'));

    expect(await screen.findByTestId('ticket-sent')).toHaveTextContent(
      'Your ticket #42 was sent. Support will answer you by e-mail.',
    );
    const sent = api.called('POST /api/tickets');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      title: 'Transfer button stays grey',
      content: 'I cannot transfer SOLANR2611001.',
      email: forwarderUser.email,
      name: `${forwarderUser.firstName} ${forwarderUser.lastName}`,
      phone: null,
      company: forwarderUser.organization.name,
      destination: '/releases',
      image: { fileName: 'screen.png', contentBase64: pngBase64 },
    });
    expect(sent[0]!.authorization).toMatch(/^Bearer /);
  });

  it('§5: title, content and e-mail are required, and the e-mail must be an address; nothing is sent', async () => {
    const api = backend();
    const app = renderApp({ path: '/ticket', user: forwarderUser });
    await app.events.clear(await screen.findByTestId('ticket-email'));
    await paste(app.events, 'ticket-phone', 'call me');
    await app.events.click(screen.getByTestId('ticket-send'));

    const form = screen.getByTestId('ticket-form');
    expect(within(form).getByText('Please provide a title')).toBeVisible();
    expect(within(form).getByText('Please provide a description')).toBeVisible();
    expect(within(form).getByText('Please provide an e-mail address')).toBeVisible();
    expect(within(form).getByText('Please provide a valid telephone number')).toBeVisible();
    await paste(app.events, 'ticket-email', 'not-an-address');
    await app.events.click(screen.getByTestId('ticket-send'));
    expect(within(form).getByText('Email is not valid')).toBeVisible();
    expect(api.called('POST /api/tickets')).toHaveLength(0);
  });

  it('refuses a file that is no image by its content, and one over 5 MB, before sending', async () => {
    const api = backend();
    const app = renderApp({ path: '/ticket', user: forwarderUser });
    await fillRequired(app.events);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'photo.png', {
      type: 'image/png',
    });
    await app.events.upload(screen.getByTestId('ticket-image'), svg);
    expect(await screen.findByTestId('ticket-image-error')).toHaveTextContent(
      'The file is not a PNG, JPEG, GIF or WebP image',
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await app.events.upload(screen.getByTestId('ticket-image'), big);
    expect(await screen.findByTestId('ticket-image-error')).toHaveTextContent(
      'An image may be at most 5 MB',
    );
    await app.events.click(screen.getByTestId('ticket-send'));
    expect(api.called('POST /api/tickets')).toHaveLength(0);
  });

  it("shows the server's field problems under the fields", async () => {
    backend(() =>
      json(
        {
          name: 'PayloadTooLarge',
          message: 'An image may be at most 5 MB',
          code: 413,
          data: {
            code: 'payload_too_large',
            key: 'backend.error.payload_too_large',
            fields: { image: 'tickets.validation.imageTooLarge' },
          },
        },
        413,
      ),
    );
    const app = renderApp({ path: '/ticket', user: forwarderUser });
    await fillRequired(app.events);
    await app.events.click(screen.getByTestId('ticket-send'));
    expect(await screen.findByTestId('ticket-image-error')).toHaveTextContent(
      'An image may be at most 5 MB',
    );
  });

  it('§8 "Ticket failure": any other failure opens the general error dialog', async () => {
    backend(() => failure(500, 'internal', 'Something went wrong on our side. Please try again.'));
    const app = renderApp({ path: '/ticket', user: forwarderUser });
    await fillRequired(app.events);
    await app.events.click(screen.getByTestId('ticket-send'));
    const dialog = await screen.findByTestId('error-dialog');
    expect(within(dialog).getByTestId('error-dialog-status')).toHaveTextContent('Status 500');
    expect(within(dialog).getByTestId('error-dialog-text')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    // What was typed stays, to send again.
    expect(screen.getByTestId('ticket-title')).toHaveValue('Transfer button stays grey');
  });
});

describe('the support ticket in the side drawer (access spec §2)', () => {
  it('opens from the help drawer and sends what the drawer was opened for', async () => {
    const api = backend();
    const app = renderApp({ path: '/releases', user: forwarderUser });
    await app.events.click(await screen.findByTestId('help-toggle'));
    await app.events.click(screen.getByTestId('help-tab-ticket'));
    const drawer = await screen.findByTestId('ticket-drawer');
    await fillRequired(app.events);
    await app.events.click(within(drawer).getByTestId('ticket-send'));
    expect(await within(drawer).findByTestId('ticket-sent')).toBeVisible();
    expect(api.called('POST /api/tickets')).toHaveLength(1);
    expect(app.location()).toBe('/releases');
  });

  it('the profile menu leads to the ticket page, and terminal users to the drawer', async () => {
    const app = renderApp({ path: '/releases', user: forwarderUser });
    await app.events.click(await screen.findByTestId('profile-menu-button'));
    await app.events.click(await screen.findByTestId('profile-ticket'));
    await waitFor(() => expect(app.location()).toBe('/ticket?destination=%2Freleases'));
    app.unmount();

    const terminal = renderApp({ path: '/secure-pickup-containers', user: terminalUser });
    await terminal.events.click(await screen.findByTestId('profile-menu-button'));
    await terminal.events.click(await screen.findByTestId('profile-ticket'));
    expect(await screen.findByTestId('ticket-drawer')).toBeVisible();
    expect(terminal.location()).toBe('/secure-pickup-containers');
  });
});
