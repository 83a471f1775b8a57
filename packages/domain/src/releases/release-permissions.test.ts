import { describe, expect, it } from 'vitest';
import { featuresFor } from '../feature-rules.ts';
import { featureFlags, type Features } from '../features.ts';
import { organizationRoles } from '../organizations.ts';
import {
  auditTrailReach,
  mayListContainers,
  mayReadAuditTrail,
  mayReadSuccessReport,
  mayManageReleases,
  mayUseReleaseFeature,
  releaseFeatureGates,
  seesReceivedFrom,
  seesTerminalView,
  seesTransferInfo,
} from './release-permissions.ts';

const all = (value: boolean) =>
  Object.fromEntries(featureFlags.map((flag) => [flag, value])) as Features;
const plan = (id: number) =>
  featuresFor([{ subscriptionId: id, startDate: '2020-01-01', endDate: null }], [], '2026-01-01');

describe('issue 10 item 1, releases spec §2 "transferTo … Go Premium chip when the user lacks canSeeTransferInfo"', () => {
  it('sees transfer info exactly with canSeeTransferInfo', () => {
    expect(seesTransferInfo({ canSeeTransferInfo: true })).toBe(true);
    expect(seesTransferInfo({ canSeeTransferInfo: false })).toBe(false);
  });

  it('gives it with a Premium plan (4, 5, 3), not with the free tier (10)', () => {
    for (const id of [4, 5, 3]) expect(seesTransferInfo(plan(id))).toBe(true);
    expect(seesTransferInfo(plan(10))).toBe(false);
  });

  it('makes no exception for carriers: the rule reads features only (§6 lists none)', () => {
    // The function takes no role: a carrier without the flag is told "Go Premium" like anyone.
    expect(seesTransferInfo.length).toBe(1);
    expect(seesTransferInfo({ ...all(true), canSeeTransferInfo: false })).toBe(false);
  });
});

describe('releases spec §6 "Carrier: create, edit, edit several, delete releases"', () => {
  it('lets carriers only', () => {
    expect(mayManageReleases('carrier')).toBe(true);
    expect(mayManageReleases('other')).toBe(false);
    expect(mayManageReleases('terminal')).toBe(false);
  });
});

describe('releases spec §2, §6: the feature gates of audit trail, container view, notify per BL', () => {
  it.each(Object.entries(releaseFeatureGates))('%s needs %s', (gate, flag) => {
    const g = gate as keyof typeof releaseFeatureGates;
    expect(mayUseReleaseFeature(g, all(true))).toBe(true);
    expect(mayUseReleaseFeature(g, { ...all(true), [flag]: false })).toBe(false);
    expect(mayUseReleaseFeature(g, { ...all(false), [flag]: true })).toBe(true);
  });

  it('§2 tab 2: the flat view needs canContainerView, one BL’s containers do not', () => {
    const without = { ...all(true), canContainerView: false };
    expect(mayListContainers(without, false)).toBe(false);
    expect(mayListContainers(without, true)).toBe(true);
    expect(mayListContainers(all(true), false)).toBe(true);
  });
});

describe('issue 10 item 1, releases spec §2 "The receivedFrom column is absent for carriers"', () => {
  it('hides receivedFrom from carriers only', () => {
    expect(seesReceivedFrom('carrier')).toBe(false);
    const others = organizationRoles.filter((role) => role !== 'carrier');
    expect(others.length).toBeGreaterThan(0);
    for (const role of others) expect(seesReceivedFrom(role)).toBe(true);
  });
});

describe('access spec §2 "Secure pick-up containers (terminal)", §3 "Audit trail entry (shown to terminal users)", §6', () => {
  it('opens the terminal view to terminal organisations only', () => {
    expect(organizationRoles.filter(seesTerminalView)).toEqual(['terminal']);
  });

  it('lets a terminal read the trails at its own terminals besides its chain; others their chain', () => {
    expect(auditTrailReach('terminal')).toBe('chainAndOwnTerminals');
    expect(auditTrailReach('carrier')).toBe('chain');
    expect(auditTrailReach('other')).toBe('chain');
  });

  it('shows terminal users the trail whatever their plan; others need canAuditTrail', () => {
    expect(mayReadAuditTrail('terminal', all(false))).toBe(true);
    expect(mayReadAuditTrail('other', all(false))).toBe(false);
    expect(mayReadAuditTrail('other', { ...all(false), canAuditTrail: true })).toBe(true);
  });
});

describe('access spec §2 "Assignment success report", releases spec §6 "Non-carriers: … assign"', () => {
  it('is for transport organisations with a transporter flag', () => {
    for (const flag of ['canAssignDriver', 'canAssignBarge', 'canAssignTrain'] as const) {
      expect(mayReadSuccessReport('other', { ...all(false), [flag]: true })).toBe(true);
    }
    expect(mayReadSuccessReport('other', all(false))).toBe(false);
    expect(mayReadSuccessReport('carrier', all(true))).toBe(false);
    expect(mayReadSuccessReport('terminal', all(true))).toBe(false);
  });
});
