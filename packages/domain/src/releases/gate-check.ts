import type { GateRefusal, IdentificationType } from '../api/transporters.ts';
import { todayInBrussels, type IsoDate } from '../dates.ts';
import { isExpired } from './lifetime.ts';
import type { ReleaseStatus } from './release.ts';

/**
 * The terminal's gate (DESIGN §3 "Secure pick-up: assignment and the gate"; access spec §7
 * "Terminal"): whether a container may leave with the identification presented, and whether a
 * gate-out may be recorded. Server and tests ask these; nothing else decides it.
 */

/** What the gate needs to know of the release found for the terminal and container. */
export interface GateReleaseFacts {
  releaseStatus: ReleaseStatus;
  /** Releases spec §6: Secure Pick-up enabled for its terminal and its carrier. */
  isSecurePickup: boolean;
  validFrom: IsoDate;
  validUntil: IsoDate;
}

/** The release's assignment (releases spec §3 "Assignment"), or null when unassigned. */
export interface GateAssignment {
  identificationType: IdentificationType;
  identification: string;
}

/** What the driver, barge or train shows at the gate (DESIGN §3 `identification`). */
export interface PresentedIdentification {
  type: IdentificationType;
  value: string;
}

export type GateDecision = { allowed: true } | { allowed: false; reason: GateRefusal };

/**
 * An identification as compared: trimmed; ENI numbers and train codes without case. An alfaPass
 * is kept exactly as typed (access spec §3: "no leading zero added"), so `12345` is not `012345`.
 */
export function normalisedIdentification(type: IdentificationType, value: string): string {
  const trimmed = value.trim();
  return type === 'eni' || type === 'train' ? trimmed.toUpperCase() : trimmed;
}

/** Whether the presented identification is the assigned one (same type and same value). */
export function sameIdentification(
  assignment: GateAssignment,
  presented: PresentedIdentification,
): boolean {
  return (
    assignment.identificationType === presented.type &&
    normalisedIdentification(assignment.identificationType, assignment.identification) ===
      normalisedIdentification(presented.type, presented.value)
  );
}

/**
 * DESIGN §3 `POST gate-checks`: a container leaves only when its release is live (not deleted,
 * not gated out, not blocked, not expired, valid from today on), is a secure pick-up, is
 * assigned, and the identification shown is the assigned one. The first failing rule is the
 * reason; a release the terminal cannot see is `notFound`.
 */
export function gateCheck(
  release: GateReleaseFacts | null,
  assignment: GateAssignment | null,
  presented: PresentedIdentification,
  today: IsoDate = todayInBrussels(),
): GateDecision {
  const refuse = (reason: GateRefusal): GateDecision => ({ allowed: false, reason });
  if (!release) return refuse('notFound');
  if (release.releaseStatus === 'deleted') return refuse('deleted');
  if (release.releaseStatus === 'gateout') return refuse('gateOutDone');
  if (release.releaseStatus === 'blocked' || release.releaseStatus === 'blockedForScanning') {
    return refuse('blocked');
  }
  if (
    release.releaseStatus === 'expired' ||
    isExpired({ validUntil: release.validUntil, releasedOn: release.validFrom }, today)
  ) {
    return refuse('expired');
  }
  if (release.validFrom > today) return refuse('notValidYet');
  if (!release.isSecurePickup) return refuse('notSecurePickup');
  if (!assignment) return refuse('notAssigned');
  if (!sameIdentification(assignment, presented)) return refuse('otherIdentification');
  return { allowed: true };
}

/** Why a gate-out cannot be recorded (DESIGN §3 `POST gate-outs`), or null when it can. */
export type GateOutRefusal = 'gateOutDone' | 'blocked' | 'deleted';

/**
 * DESIGN §3 `POST gate-outs` and releases spec §4 "Release status": a gate-out applies to every
 * pick-up, secure or not, once. A deleted or blocked release cannot leave, and a second gate-out
 * of the same release is refused; an expired one is still recorded (the container did leave).
 */
export function gateOutRefusal(release: { releaseStatus: ReleaseStatus }): GateOutRefusal | null {
  if (release.releaseStatus === 'gateout') return 'gateOutDone';
  if (release.releaseStatus === 'deleted') return 'deleted';
  if (release.releaseStatus === 'blocked' || release.releaseStatus === 'blockedForScanning') {
    return 'blocked';
  }
  return null;
}

/** English texts of the gate's refusals (`message` of a refused check; web: `gate.refusal.*`). */
export const gateRefusalMessages: Record<GateRefusal, string> = {
  notFound: 'No release of this container was found at your terminal.',
  notSecurePickup: 'This container is not released for secure pick-up.',
  notAssigned: 'This container has not been assigned to a driver, barge or train.',
  otherIdentification: 'This container is assigned to another identification.',
  blocked: 'This release is blocked.',
  expired: 'This release has expired.',
  notValidYet: 'This release is not valid yet.',
  deleted: 'This release was deleted.',
  gateOutDone: 'This container has already left the terminal (gate-out).',
};
