import type { GreenLights } from '@scr/domain';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { container } from '../test/fake-releases-api.ts';
import { greenLightColumns } from './green-light-column.tsx';
import { TrafficLight } from './traffic-light.tsx';

const lights: GreenLights = {
  events: {
    commercialrelease: { value: 'ok', color: 'green', updatedAt: '2030-01-01T08:00:00.000Z' },
    customs: { value: 'selectedForScan', color: 'yellow', updatedAt: '2030-01-01T08:00:00.000Z' },
  },
  total: 'yellow',
  source: 'Antwerp Port Status',
};

describe('the traffic light (releases spec §3 "greenLights", §4 "Traffic light", §6 canGreenLights)', () => {
  it('shows the total light, and each kind with its value and the source on hover', async () => {
    const app = renderWithProviders(<TrafficLight lights={lights} />);
    const light = await screen.findByTestId('traffic-light');
    expect(light).toHaveAttribute('data-color', 'yellow');
    expect(light).toHaveAccessibleName('Traffic light: yellow');
    await app.events.hover(light);
    expect(await screen.findByText('Customs: Selected for scan')).toBeInTheDocument();
    expect(screen.getByText('Commercial release: OK')).toBeInTheDocument();
    expect(screen.getByText('Source: Antwerp Port Status')).toBeInTheDocument();
  });

  it('is a column of the container view only with canGreenLights, empty where none is shown', () => {
    const t = i18next.t.bind(i18next);
    expect(greenLightColumns(t, { canGreenLights: false }, '—')).toEqual([]);
    const [column] = greenLightColumns(t, { canGreenLights: true }, '—');
    expect(column).toMatchObject({ id: 'greenLights', enableSorting: false });
    const Cell = column!.Cell as (props: {
      row: { original: ReturnType<typeof container> };
    }) => unknown;
    expect(Cell({ row: { original: container() } })).toBe('—');
  });
});
