import { describe, expect, it } from 'vitest';
import { forwarderUser, terminalUser, userWith } from '../../test/fixtures.ts';
import { linksThatFit, navigationItems } from './navigation-items.ts';

const paths = (...args: Parameters<typeof navigationItems>) =>
  navigationItems(...args).map((item) => item.to);

describe('navigationItems (access spec §2 "App shell")', () => {
  it('lists the releases for a forwarder, never the secure pick-up containers', () => {
    expect(paths(forwarderUser, false)).toEqual([
      '/releases',
      '/drivers',
      '/barges',
      '/trains',
      '/assignment-report',
      '/requests-for-release',
      '/documents',
    ]);
  });

  it('lists drivers, barges and trains each behind its flag, and never for a carrier', () => {
    const features = { ...forwarderUser.features, canAssignBarge: false, canAssignTrain: false };
    expect(paths(userWith({ features }), false)).toEqual([
      '/releases',
      '/drivers',
      '/assignment-report',
      '/requests-for-release',
      '/documents',
    ]);
    expect(paths(userWith({ organizationRole: 'carrier' }), false)).toEqual([
      '/releases',
      '/requests-for-release',
      '/documents',
    ]);
  });

  it('access spec §2 "Assignment success report": lists the report for those who can assign', () => {
    const features = {
      ...forwarderUser.features,
      canAssignDriver: false,
      canAssignBarge: false,
      canAssignTrain: false,
      canRequestForRelease: false,
      canDocuments: false,
    };
    expect(paths(userWith({ features }), false)).toEqual(['/releases']);
    expect(paths(forwarderUser, false)).toContain('/assignment-report');
  });

  it('releases spec §2 "requests-for-release": a requester with the flag, and every carrier', () => {
    const without = { ...forwarderUser.features, canRequestForRelease: false };
    expect(paths(userWith({ features: without }), false)).not.toContain('/requests-for-release');
    expect(paths(forwarderUser, false)).toContain('/requests-for-release');
    expect(paths(userWith({ organizationRole: 'carrier', features: without }), false)).toContain(
      '/requests-for-release',
    );
  });

  it('access spec §2 "documents": behind canDocuments, for carriers and transport organisations', () => {
    const without = { ...forwarderUser.features, canDocuments: false };
    for (const organizationRole of ['other', 'carrier'] as const) {
      expect(paths(userWith({ organizationRole }), false)).toContain('/documents');
      expect(paths(userWith({ organizationRole, features: without }), false)).not.toContain(
        '/documents',
      );
    }
    expect(paths(terminalUser, false)).not.toContain('/documents');
  });

  it('lists only the secure pick-up containers for a terminal user', () => {
    expect(paths(terminalUser, false)).toEqual(['/secure-pickup-containers']);
  });

  it('lists nothing besides home while the e-mailed code is pending', () => {
    expect(paths(forwarderUser, true)).toEqual([]);
  });

  it('lists nothing while a gate blocks every page', () => {
    expect(paths(userWith({ eulaToSign: { id: 1, url: '/eula' } }), false)).toEqual([]);
    expect(paths(userWith({ invitedByMsc: true, termsAcceptedAt: null }), false)).toEqual([]);
    expect(paths(userWith({ subscriptions: [] }), false)).toEqual([]);
  });

  it('lists nothing with nobody signed in', () => {
    expect(paths(null, false)).toEqual([]);
  });
});

describe('linksThatFit (the top bar keeps one line; the rest go under More)', () => {
  it('shows every link when all fit with the gaps between them', () => {
    expect(linksThatFit([100, 80, 90], 70, 278, 4)).toBe(3);
    expect(linksThatFit([], 70, 0, 4)).toBe(0);
  });

  it('shows as many as fit beside the More button when not', () => {
    expect(linksThatFit([100, 80, 90], 70, 277, 4)).toBe(2);
    expect(linksThatFit([100, 80, 90], 70, 180, 4)).toBe(1);
    expect(linksThatFit([100, 80, 90], 70, 120, 4)).toBe(0);
  });
});
