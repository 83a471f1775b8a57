import { describe, expect, it } from 'vitest';
import { currentSection, visibleSections } from './admin-sections.ts';

const person = (changes: { isAdmin?: boolean; isSupport?: boolean; role?: string }) => ({
  isAdmin: changes.isAdmin ?? false,
  isSupport: changes.isSupport ?? false,
  organizationRole: (changes.role ?? 'other') as 'carrier' | 'terminal' | 'other',
});

describe('admin sections per role (access spec §6; the server policy is the authority)', () => {
  it('shows support every section', () => {
    expect(visibleSections(person({ isSupport: true }))).toEqual([
      'organizations',
      'users',
      'subscriptions',
      'connections',
      'terminals',
      'apiKeys',
      'machineUsers',
      'webhooks',
      'orders',
      'tickets',
    ]);
  });

  it('shows an organisation admin users, connections, API keys and their machine wallet users', () => {
    expect(visibleSections(person({ isAdmin: true }))).toEqual([
      'users',
      'connections',
      'apiKeys',
      'machineUsers',
      'webhooks',
    ]);
    expect(visibleSections(person({ isAdmin: true, role: 'carrier' }))).toEqual([
      'users',
      'connections',
      'apiKeys',
      'machineUsers',
      'webhooks',
    ]);
  });

  it('adds the terminals for the admin of a terminal organisation', () => {
    expect(visibleSections(person({ isAdmin: true, role: 'terminal' }))).toEqual([
      'users',
      'connections',
      'terminals',
      'apiKeys',
      'machineUsers',
      'webhooks',
    ]);
  });

  it('shows a plain user nothing', () => {
    expect(visibleSections(person({ role: 'terminal' }))).toEqual([]);
  });

  it('opens the asked section only when visible, else the first', () => {
    const visible = visibleSections(person({ isAdmin: true }));
    expect(currentSection('connections', visible)).toBe('connections');
    expect(currentSection('subscriptions', visible)).toBe('users');
    expect(currentSection(null, [])).toBeNull();
  });
});
