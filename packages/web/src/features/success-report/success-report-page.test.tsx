import type { SuccessReport } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fake-backend.ts';
import { carrierUser, forwarderUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const report: SuccessReport = {
  overview: { total: 2, succeeded: 1, failed: 1, successRate: 50 },
  checkFailed: [
    {
      releaseAddress: '0xa1',
      blNumber: 'BL-ANR-1',
      containerNumber: 'MSKU1234567',
      checkedValue: '654321',
      assignedValue: '123456',
      checkedAt: '2026-11-23T09:00:00.000Z',
      reason: 'otherIdentification',
    },
  ],
};
const allPassed: SuccessReport = {
  overview: { total: 3, succeeded: 3, failed: 0, successRate: 100 },
  checkFailed: [],
};
const empty: SuccessReport = {
  overview: { total: 0, succeeded: 0, failed: 0, successRate: null },
  checkFailed: [],
};

describe('access spec §2 "Assignment success report", §7 "Transporters", §9 "Report periods"', () => {
  it('shows the overview and the failed checks with checked value, assigned value, time and reason', async () => {
    const backend = stubFetch({
      'GET /api/transporters/reports': (request) =>
        json(
          { week: report, all: allPassed }[request.url.searchParams.get('operationAt') ?? ''] ??
            empty,
        ),
    });
    const app = renderApp({ path: '/assignment-report', user: forwarderUser });
    expect(await screen.findByRole('heading', { name: 'Assignment success report' })).toBeVisible();
    expect(await screen.findByTestId('report-successRate')).toHaveTextContent('50 %');
    expect(screen.getByTestId('report-total')).toHaveTextContent('2');
    const failed = screen.getByTestId('success-report-failed');
    expect(
      within(failed)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'BL-ANR-1',
      'MSKU1234567',
      '654321',
      '123456',
      '23/11/2026 10:00',
      'This container is assigned to another identification.',
    ]);
    const [first] = backend.called('GET /api/transporters/reports');
    expect(first!.url.searchParams.get('successRateOfSecurePickupReport')).toBe('true');

    await app.events.click(screen.getByTestId('report-period-all'));
    expect(await screen.findByTestId('success-report-no-failures')).toBeVisible();
    expect(screen.getByTestId('report-successRate')).toHaveTextContent('100 %');
    await app.events.click(screen.getByTestId('report-period-month'));
    // No check at all: the report says what a gate check is and where it comes from.
    const none = await screen.findByTestId('success-report-empty');
    expect(none).toHaveTextContent('No gate checks in this period yet');
    expect(none).toHaveTextContent('arrives at the gate of a Secure Pick-up terminal');
    expect(none).toHaveTextContent("The terminal's gate system reports every check to the portal");
    expect(within(none).getByRole('link', { name: 'Open the releases' })).toHaveAttribute(
      'href',
      '/releases',
    );
    expect(screen.getByTestId('report-successRate')).toHaveTextContent('—');
    expect(screen.queryByTestId('success-report-no-failures')).toBeNull();
    await waitFor(() =>
      expect(
        backend
          .called('GET /api/transporters/reports')
          .map((r) => r.url.searchParams.get('operationAt')),
      ).toEqual(['week', 'all', 'month']),
    );
  });

  it('is reached from the navigation by those who assign, and not found for a carrier', async () => {
    stubFetch({ 'GET /api/transporters/reports': () => json(empty) });
    renderApp({ path: '/assignment-report', user: carrierUser });
    expect(await screen.findByTestId('not-found-page')).toBeVisible();
    expect(screen.queryByTestId('nav-success-report')).toBeNull();
  });

  it('is in every language', async () => {
    stubFetch({ 'GET /api/transporters/reports': () => json(report) });
    renderApp({ path: '/assignment-report', user: forwarderUser, language: 'de' });
    expect(
      await screen.findByRole('heading', { name: 'Erfolgsbericht der Zuweisungen' }),
    ).toBeVisible();
    expect(screen.getByTestId('nav-success-report')).toHaveTextContent('Erfolgsbericht');
  });
});
