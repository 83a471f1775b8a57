import {
  organizationRoles,
  seesReceivedFrom,
  seesTransferInfo,
  type ContainerRow,
  type Features,
} from '@scr/domain';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { allFeatures, carrierUser, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { containerColumns } from './container-columns.tsx';

const row = { transferTo: 'Kempen Forwarding BV' } as ContainerRow;

/** The transferTo cell exactly as the flat view renders it. */
function transferToCell(carrier: boolean, features: Features): ReactNode {
  const role = carrier ? 'carrier' : 'other';
  const columns = containerColumns(i18next.t, { role, features, showPickupMethod: false });
  const column = columns.find((c) => c.id === 'transferTo')!;
  const Cell = column.Cell as (props: { row: { original: ContainerRow } }) => ReactNode;
  return <Cell row={{ original: row }} />;
}

describe('issue 10 item 1: the transferTo cell follows domain seesTransferInfo (releases spec §2, §6)', () => {
  const cases = [
    ['carrier', true, true],
    ['carrier', true, false],
    ['forwarder', false, true],
    ['forwarder', false, false],
  ] as const;
  it.each(cases)('%s with canSeeTransferInfo %s', async (who, carrier, flag) => {
    const features = { ...allFeatures(true), canSkipInitialLoad: false, canSeeTransferInfo: flag };
    const user = userWith({ ...(carrier ? carrierUser : forwarderUser), features });
    renderWithProviders(transferToCell(carrier, features), { user });
    const chipShown = screen.queryByTestId('go-premium-chip') !== null;
    expect(chipShown).toBe(!seesTransferInfo(features));
    expect(screen.queryByText('Kempen Forwarding BV') !== null).toBe(seesTransferInfo(features));
    // A carrier without the flag gets the chip too: the spec names no exception.
    if (who === 'carrier' && !flag) expect(chipShown).toBe(true);
  });
});

describe('issue 10 item 1: the receivedFrom column follows domain seesReceivedFrom (releases spec §2)', () => {
  it.each(organizationRoles)('%s', (role) => {
    const columns = containerColumns(i18next.t, {
      role,
      features: allFeatures(true),
      showPickupMethod: false,
    });
    const ids = columns.map((column) => column.id);
    expect(ids.includes('receivedFrom')).toBe(seesReceivedFrom(role));
    if (role === 'carrier') expect(ids).not.toContain('receivedFrom');
  });
});
