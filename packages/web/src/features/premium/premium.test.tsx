import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allFeatures, userWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render-app.tsx';
import { FeatureGate } from './feature-gate.tsx';
import { GoPremiumChip } from './go-premium-chip.tsx';

const withAll = userWith({ features: allFeatures(true) });
const without = (feature: 'canAuditTrail' | 'canSeeTransferInfo') =>
  userWith({ features: { ...allFeatures(true), [feature]: false } });

const auditTrail = (fallback?: 'promo' | 'none' | React.ReactNode) => (
  <FeatureGate feature="canAuditTrail" fallback={fallback}>
    <p data-testid="audit-trail">trail</p>
  </FeatureGate>
);

describe('FeatureGate (access spec §6: an embedded promotional panel when a feature is lacking)', () => {
  it('shows its children when the organisation has the feature', async () => {
    renderWithProviders(auditTrail(), { user: withAll });
    expect(await screen.findByTestId('audit-trail')).toBeVisible();
    expect(screen.queryByTestId('premium-promo')).toBeNull();
  });

  it('shows the feature’s promotional panel, linking to /order, without it', async () => {
    const app = renderWithProviders(auditTrail('promo'), { user: without('canAuditTrail') });
    const promo = await screen.findByTestId('premium-promo');
    expect(screen.queryByTestId('audit-trail')).toBeNull();
    expect(within(promo).getByRole('heading', { name: 'Audit trail' })).toBeVisible();
    expect(promo).toHaveTextContent('each step signed by the party that made it');
    await app.events.click(within(promo).getByRole('link', { name: 'See plans and prices' }));
    expect(await screen.findByTestId('order-page')).toBeVisible();
  });

  it('translates the panel', async () => {
    renderWithProviders(auditTrail(), { user: without('canAuditTrail'), language: 'de' });
    expect(await screen.findByRole('heading', { name: 'Prüfpfad' })).toBeVisible();
  });

  it('shows nothing, or the given fallback, when asked to', async () => {
    const { unmount } = renderWithProviders(
      <>
        <span data-testid="marker" />
        {auditTrail('none')}
      </>,
      { user: without('canAuditTrail') },
    );
    await screen.findByTestId('marker');
    expect(screen.queryByTestId('premium-promo')).toBeNull();
    expect(screen.queryByTestId('audit-trail')).toBeNull();
    unmount();
    renderWithProviders(auditTrail(<em data-testid="mine">no trail</em>), {
      user: without('canAuditTrail'),
    });
    expect(await screen.findByTestId('mine')).toBeVisible();
  });

  it('treats nobody signed in as lacking every feature', async () => {
    renderWithProviders(auditTrail());
    expect(await screen.findByTestId('premium-promo')).toBeVisible();
  });
});

describe('GoPremiumChip (releases spec §2: opens the premium-info dialog)', () => {
  it('opens a dialog about the feature with the way to the plans', async () => {
    const app = renderWithProviders(<GoPremiumChip feature="canSeeTransferInfo" />, {
      user: without('canSeeTransferInfo'),
    });
    await app.events.click(await screen.findByTestId('go-premium-chip'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Transfer information' })).toBeVisible();
    expect(dialog).toHaveTextContent('This feature is part of SCR Premium.');
    await app.events.click(within(dialog).getByRole('link', { name: 'See plans and prices' }));
    expect(await screen.findByTestId('order-page')).toBeVisible();
    expect(app.location()).toBe('/order');
  });

  it('closes again', async () => {
    const app = renderWithProviders(<GoPremiumChip />, { user: withAll });
    expect(await screen.findByTestId('go-premium-chip')).toHaveTextContent('Go Premium');
    await app.events.click(screen.getByTestId('go-premium-chip'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'An SCR Premium feature' })).toBeVisible();
    await app.events.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
