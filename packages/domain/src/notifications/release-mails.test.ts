import { describe, expect, it } from 'vitest';
import {
  groupReleases,
  mailedOrganizations,
  planReleaseMails,
  releaseMailActions,
  releaseMailGrouping,
  releaseMailKind,
  wantsReleaseMail,
  type ReleaseMailChange,
  type ReleaseMailUser,
} from './release-mails.ts';

const carrier = 1;
const forwarder = 2;
const haulier = 3;
const stranger = 4;

const release = (bl: string, container: string, organizationIds: number[]) => ({
  blNumber: bl,
  containerNumber: container,
  organizationIds,
});

const user = (
  name: string,
  organizationId: number,
  settings: ReleaseMailUser['settings'],
  mayNotifyPerBl = true,
) => ({ name, organizationId, settings, mayNotifyPerBl });

const summary = (change: ReleaseMailChange, users: ReturnType<typeof user>[]) =>
  planReleaseMails(change, users).map((mail) => ({
    to: mail.user.name,
    grouping: mail.grouping,
    containers: mail.releases.map((r) => r.containerNumber),
  }));

describe('access spec §2 "Settings" and §3 "Preferences": who wants which release e-mail', () => {
  it('follows the transfer setting for transfers and the update setting for every other change', () => {
    expect(releaseMailActions.map(releaseMailKind)).toEqual([
      'transfer',
      ...Array(releaseMailActions.length - 1).fill('update'),
    ]);
  });

  it('defaults to no transfer e-mail and to update e-mail for a user who never saved (§3)', () => {
    expect(wantsReleaseMail('transfer', null)).toBe(false);
    expect(wantsReleaseMail('update', null)).toBe(true);
    // A saved row without the column (or with null) keeps the default too.
    expect(wantsReleaseMail('update', { releaseTransferEmail: true })).toBe(true);
    expect(wantsReleaseMail('transfer', { releaseTransferEmail: null })).toBe(false);
    expect(wantsReleaseMail('transfer', { releaseTransferEmail: true })).toBe(true);
    expect(wantsReleaseMail('update', { releaseUpdateEmail: false })).toBe(false);
  });

  it('groups per BL only when chosen and the organisation has canNotifyPerBl (§2 "per BL needs canNotifyPerBl")', () => {
    const both = { transferred: 'bl', updated: 'container' };
    expect(releaseMailGrouping('transfer', both, true)).toBe('bl');
    expect(releaseMailGrouping('update', both, true)).toBe('container');
    expect(releaseMailGrouping('transfer', both, false)).toBe('container');
    expect(releaseMailGrouping('update', null, true)).toBe('container');
    expect(releaseMailGrouping('update', { updated: 'everything' }, true)).toBe('container');
  });
});

describe('access spec §2 "Settings": the e-mails of one change, per container or per BL', () => {
  const chain = [carrier, forwarder, haulier];

  it('tells a transfer to the receiving organisation only, never the actor (releases spec §4)', () => {
    const change: ReleaseMailChange = {
      action: 'transfer',
      actorOrganizationId: forwarder,
      targetOrganizationId: haulier,
      releases: [release('BL1', 'C1', chain), release('BL1', 'C2', chain)],
    };
    expect(mailedOrganizations(change, change.releases[0]!)).toEqual([haulier]);
    const users = [
      user('carrier', carrier, { releaseTransferEmail: true }),
      user('forwarder', forwarder, { releaseTransferEmail: true }),
      user('haulier opted in', haulier, { releaseTransferEmail: true }),
      user('haulier never saved', haulier, null),
      user('haulier per BL', haulier, { releaseTransferEmail: true, transferred: 'bl' }),
    ];
    expect(summary(change, users)).toEqual([
      { to: 'haulier opted in', grouping: 'container', containers: ['C1'] },
      { to: 'haulier opted in', grouping: 'container', containers: ['C2'] },
      { to: 'haulier per BL', grouping: 'bl', containers: ['C1', 'C2'] },
    ]);
  });

  it('tells an update to every party of each release’s own chain, users who never saved included', () => {
    const change: ReleaseMailChange = {
      action: 'block',
      actorOrganizationId: carrier,
      targetOrganizationId: null,
      // The stranger is in the second release's chain only: it hears of that one alone.
      releases: [release('BL1', 'C1', chain), release('BL2', 'C3', [carrier, stranger])],
    };
    const users = [
      user('carrier', carrier, null),
      user('forwarder never saved', forwarder, null),
      user('forwarder opted out', forwarder, { releaseUpdateEmail: false }),
      user('haulier per BL', haulier, { updated: 'bl' }),
      user('stranger', stranger, { releaseUpdateEmail: true }),
    ];
    expect(summary(change, users)).toEqual([
      { to: 'forwarder never saved', grouping: 'container', containers: ['C1'] },
      { to: 'haulier per BL', grouping: 'bl', containers: ['C1'] },
      { to: 'stranger', grouping: 'container', containers: ['C3'] },
    ]);
  });

  it('writes one e-mail per BL, its containers listed in order, or one per container (§2)', () => {
    const releases = [
      release('BL1', 'C1', chain),
      release('BL2', 'C2', chain),
      release('BL1', 'C3', chain),
    ];
    expect(groupReleases(releases, 'bl')).toEqual([
      [
        { blNumber: 'BL1', containerNumber: 'C1' },
        { blNumber: 'BL1', containerNumber: 'C3' },
      ],
      [{ blNumber: 'BL2', containerNumber: 'C2' }],
    ]);
    expect(groupReleases(releases, 'container')).toHaveLength(3);
    const change: ReleaseMailChange = {
      action: 'edit',
      actorOrganizationId: carrier,
      targetOrganizationId: null,
      releases,
    };
    expect(
      summary(change, [
        user('per BL', forwarder, { updated: 'bl' }),
        user('per BL without Premium', forwarder, { updated: 'bl' }, false),
      ]),
    ).toEqual([
      { to: 'per BL', grouping: 'bl', containers: ['C1', 'C3'] },
      { to: 'per BL', grouping: 'bl', containers: ['C2'] },
      { to: 'per BL without Premium', grouping: 'container', containers: ['C1'] },
      { to: 'per BL without Premium', grouping: 'container', containers: ['C2'] },
      { to: 'per BL without Premium', grouping: 'container', containers: ['C3'] },
    ]);
  });

  it('tells a revoke to the parties revoked out too, when the change lists them (releases spec §4)', () => {
    const change: ReleaseMailChange = {
      action: 'revoke',
      actorOrganizationId: forwarder,
      targetOrganizationId: haulier,
      releases: [release('BL1', 'C1', [carrier, forwarder, haulier])],
    };
    expect(mailedOrganizations(change, change.releases[0]!)).toEqual([carrier, haulier]);
  });

  it('mails nobody for a transfer without a receiver or a change without releases', () => {
    const users = [user('anyone', haulier, { releaseTransferEmail: true })];
    expect(
      planReleaseMails(
        {
          action: 'transfer',
          actorOrganizationId: carrier,
          targetOrganizationId: null,
          releases: [release('BL1', 'C1', [haulier])],
        },
        users,
      ),
    ).toEqual([]);
    expect(
      planReleaseMails(
        {
          action: 'delete',
          actorOrganizationId: carrier,
          targetOrganizationId: null,
          releases: [],
        },
        users,
      ),
    ).toEqual([]);
  });
});
