import type { ModeOfTransport } from '../api/transporters.ts';
import type { Features } from '../features.ts';
import type { OrganizationRole } from '../organizations.ts';
import type { ReleaseForCaller, RefusalReason } from './refusals.ts';

/**
 * Releases spec §2 "Next-mode-of-transport dialog", §6 `canNmot`: whether an organisation may
 * choose the next mode of transport at all, before any release is looked at. A terminal holds
 * no releases; anyone else needs the feature.
 */
export function nmotPermission(
  role: OrganizationRole,
  features: Pick<Features, 'canNmot'>,
): 'allowed' | 'forbidden' | 'subscriptionRequired' {
  if (role === 'terminal') return 'forbidden';
  return features.canNmot ? 'allowed' : 'subscriptionRequired';
}

/**
 * Why the caller may not set the next mode of transport of this release, or null when it may:
 * only the owner in the chain decides how the container leaves (§6 "Only the owner in the
 * chain may …"), and not once it is deleted or picked up. Releases outside the caller's reach
 * answer `notFound` before this is asked.
 */
export function nmotRefusal(release: ReleaseForCaller): RefusalReason | null {
  if (!release.inChain && !release.isCarrier) return 'notInChain';
  if (release.releaseStatus === 'deleted') return 'deleted';
  if (release.releaseStatus === 'gateout') return 'gateOut';
  if (!release.isOwner) return 'notOwned';
  return null;
}

/** `nmots` create (releases spec §7): the releases by address and the chosen mode. */
export interface NmotRequest {
  releases: string[];
  modeOfTransport: ModeOfTransport;
}

/** One release `nmots` did not change, with why (a `releases.refusal.` key) in English too. */
export interface NmotRefused {
  address: string;
  reason: RefusalReason;
  error: string;
}

/** What `nmots` create answers: the releases set, and those refused. */
export interface NmotAnswer {
  modeOfTransport: ModeOfTransport;
  applied: { address: string; blNumber: string; containerNumber: string }[];
  refused: NmotRefused[];
}

/**
 * Releases spec §2 "Next-mode-of-transport dialog" over a selection: offered with the feature
 * when some selected release is still the viewer's (not passed on); the server refuses the rest.
 */
export function nmotEnabled(
  selection: readonly { transferStatus: string }[],
  context: { role: OrganizationRole; features: Pick<Features, 'canNmot'> },
): boolean {
  return (
    nmotPermission(context.role, context.features) === 'allowed' &&
    selection.some((release) => release.transferStatus !== 'transferred')
  );
}
