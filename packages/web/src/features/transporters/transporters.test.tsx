import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, json, stubFetch } from '../../test/fake-backend.ts';
import { allFeatures, carrierUser, forwarderUser, userWith } from '../../test/fixtures.ts';
import { asPhone } from '../../test/phone-media.ts';
import { renderApp, renderWithProviders } from '../../test/render-app.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { AddTransporterDialog, duplicateText } from './transporter-dialog.tsx';

const noop = () => undefined;

const driverRow = (fields: Record<string, unknown> = {}) => ({
  id: 7,
  firstName: 'Jan',
  lastName: 'Peeters',
  name: 'Jan Peeters',
  email: null,
  phone: null,
  alfaPass: null,
  itsmeCode: null,
  itsmeData: null,
  isActive: true,
  identificationRequired: true,
  organization_address: forwarderUser.organizationAddress,
  ...fields,
});

describe('access spec §5 "Driver": the add dialog validates before sending', () => {
  it('requires first and last name, an e-mail that looks like one, a telephone and a 5 or 6 digit Alfapass', async () => {
    const backend = stubFetch({});
    const { events } = renderWithProviders(<AddTransporterDialog type="driver" onClose={noop} />, {
      user: forwarderUser,
    });
    await events.click(await screen.findByTestId('transporter-save'));
    expect(screen.getByText('Please provide a first name')).toBeInTheDocument();
    expect(screen.getByText('Please provide a last name')).toBeInTheDocument();

    await events.type(screen.getByTestId('transporter-firstName'), 'Jan');
    await events.type(screen.getByTestId('transporter-lastName'), 'Peeters');
    await events.type(screen.getByTestId('transporter-email'), 'jan.peeters');
    await events.type(screen.getByTestId('transporter-phone'), 'call me');
    await events.type(screen.getByTestId('transporter-alfaPass'), '1234');
    await events.click(screen.getByTestId('transporter-save'));
    expect(screen.getByText('Email is not valid')).toBeInTheDocument();
    expect(screen.getByText('Please provide a valid telephone number')).toBeInTheDocument();
    expect(
      screen.getByText('An Alfapass number has 6 digits (new card) or 5 (old card)'),
    ).toBeInTheDocument();
    expect(backend.called('POST /api/drivers')).toHaveLength(0);
  });

  it('"Missing email address" when the itsme link is to be sent without an e-mail', async () => {
    const backend = stubFetch({});
    const { events } = renderWithProviders(<AddTransporterDialog type="driver" onClose={noop} />, {
      user: forwarderUser,
    });
    await events.type(await screen.findByTestId('transporter-firstName'), 'Jan');
    await events.type(screen.getByTestId('transporter-lastName'), 'Peeters');
    await events.click(screen.getByTestId('transporter-sendItsmeLink'));
    await events.click(screen.getByTestId('transporter-save'));
    expect(screen.getByText('Missing email address')).toBeInTheDocument();
    expect(backend.called('POST /api/drivers')).toHaveLength(0);
  });

  it('access spec §5 "Duplicate driver", §8: says the driver already exists, asks to confirm, then creates with confirmed', async () => {
    const backend = stubFetch({
      'POST /api/drivers': (request) =>
        (request.body as { confirmed?: boolean }).confirmed
          ? json({ isNew: true, result: driverRow({ alfaPass: '12345' }) }, 201)
          : json(
              {
                isNew: false,
                result: null,
                existingIdentification: '54321',
                existingIdentificationType: 'alfapass',
                existingName: 'Jan Peeters',
              },
              201,
            ),
    });
    let created: unknown = null;
    const { events } = renderWithProviders(
      <AddTransporterDialog type="driver" onClose={noop} onCreated={(row) => (created = row)} />,
      { user: forwarderUser },
    );
    await events.type(await screen.findByTestId('transporter-firstName'), 'Jan');
    await events.type(screen.getByTestId('transporter-lastName'), ' Peeters ');
    await events.type(screen.getByTestId('transporter-alfaPass'), '012345');
    await events.click(screen.getByTestId('transporter-save'));
    const confirm = await screen.findByTestId('transporter-duplicate-dialog');
    expect(within(confirm).getByText('Driver already exists')).toBeInTheDocument();
    expect(confirm).toHaveTextContent(
      'A driver with this name, e-mail address or phone number already exists. ' +
        'Registered: Jan Peeters (identification: 54321). Add anyway?',
    );
    expect(backend.called('POST /api/drivers')[0]!.body).toEqual({
      firstName: 'Jan',
      lastName: 'Peeters',
      email: null,
      phone: null,
      alfaPass: '012345',
    });
    await events.click(within(confirm).getByTestId('transporter-duplicate'));
    await screen.findByText('Driver added');
    expect(backend.called('POST /api/drivers')[1]!.body).toMatchObject({ confirmed: true });
    expect(created).toMatchObject({ alfaPass: '12345' });
  });
});

describe('access spec §8 "Driver, barge, train: already exists": one message table for the three', () => {
  it('says a taken barge already exists in the words the duplicate driver is told it in', async () => {
    stubFetch({ 'POST /api/barges': () => failure(409, 'barge_already_exists') });
    const { events } = renderWithProviders(<AddTransporterDialog type="barge" onClose={noop} />, {
      user: forwarderUser,
    });
    await events.type(await screen.findByTestId('transporter-name'), 'Rhenus 4');
    await events.type(screen.getByTestId('transporter-eniNumber'), '02324567');
    await events.click(screen.getByTestId('transporter-save'));
    expect(await screen.findByText('A barge with this ENI number already exists.')).toBeVisible();

    const { t } = createI18n({ language: 'fr' });
    const answer = { isNew: false, result: null, existingName: 'Jan Peeters' };
    expect(duplicateText(t, 'driver', answer)).toBe(
      `${t('backend.error.driver_already_exists')} Enregistré : Jan Peeters (identification : —). L’ajouter quand même ?`,
    );
    expect(duplicateText(t, 'barge', answer)).toMatch(
      /^Une barge avec ce numéro ENI existe déjà\. /,
    );
  });
});

describe('access spec §2 "Drivers, barges, trains": the pages', () => {
  it('lists active drivers with the "Identification required" flag', async () => {
    stubFetch({ 'GET /api/drivers': () => json([driverRow()]) });
    renderApp({ path: '/drivers', user: forwarderUser });
    const row = await screen.findByTestId('transporter-row');
    expect(within(row).getByText('Jan Peeters')).toBeInTheDocument();
    expect(within(row).getByTestId('identification-required')).toHaveTextContent(
      'Identification required',
    );
  });

  it('access spec §2 on a phone: lists them as cards, not a table wider than the window, with the same buttons', async () => {
    const restore = asPhone();
    try {
      stubFetch({
        'GET /api/drivers': () =>
          json([
            driverRow({
              email: 'jan.peeters@waasland-transport.demo.test',
              phone: '+32 477 12 34 56',
              alfaPass: '12345',
              identificationRequired: false,
            }),
          ]),
      });
      const { events } = renderApp({ path: '/drivers', user: forwarderUser });
      const card = await screen.findByTestId('transporter-row');
      expect(screen.queryByTestId('transporters-table')).toBeNull();
      expect(screen.getByTestId('transporters-cards')).toContainElement(card);
      expect(card).toHaveTextContent('Jan Peeters');
      expect(card).toHaveTextContent('E-mailjan.peeters@waasland-transport.demo.test');
      expect(card).toHaveTextContent('+32 477 12 34 56');
      await events.click(within(card).getByTestId('transporter-deactivate'));
      expect(await screen.findByTestId('transporter-deactivate-confirm')).toBeVisible();
    } finally {
      restore();
    }
  });

  it('warns with the assigned releases when deactivating answers transporter_has_assignments', async () => {
    stubFetch({
      'GET /api/drivers': () => json([driverRow({ alfaPass: '12345' })]),
      'PATCH /api/drivers/7': () =>
        json(
          {
            name: 'Conflict',
            message: 'assigned',
            code: 409,
            data: {
              code: 'transporter_has_assignments',
              key: 'backend.error.transporter_has_assignments',
              assignedReleases: [
                { address: '0xabc', version: 3, blNumber: 'BL-1', containerNumber: 'MSCU1234565' },
              ],
            },
          },
          409,
        ),
    });
    const { events } = renderApp({ path: '/drivers', user: forwarderUser });
    await events.click(await screen.findByTestId('transporter-deactivate'));
    await events.click(screen.getByTestId('transporter-deactivate-confirm'));
    const warning = await screen.findByTestId('transporter-unassign-dialog');
    expect(within(warning).getByText('MSCU1234565')).toBeInTheDocument();
    expect(within(warning).getByText(/unassigns 1 release\./)).toBeInTheDocument();
  });

  it('without canAssignBarge the barges page shows the promotional panel', async () => {
    stubFetch({});
    const features = { ...allFeatures(true), canAssignBarge: false };
    renderApp({ path: '/barges', user: userWith({ features }) });
    expect(await screen.findByTestId('premium-promo')).toBeInTheDocument();
    expect(screen.queryByTestId('barges-page')).not.toBeInTheDocument();
  });

  it('a carrier has no drivers page', async () => {
    stubFetch({});
    renderApp({ path: '/drivers', user: carrierUser });
    expect(await screen.findByTestId('not-found-page')).toBeInTheDocument();
  });
});
