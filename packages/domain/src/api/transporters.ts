/**
 * The secure pick-up contract (issue 11): transporters (access spec §3 "Driver", "Barge",
 * "Train", §7 "Transporters"), assignment (releases spec §3 "Assignment", §7
 * `releases/assignment/*`), the terminal's view and gate (access spec §3 "Secure pick-up
 * container row", §7 "Terminal"; DESIGN §3 "Secure pick-up: assignment and the gate") and the
 * next mode of transport (releases spec §7 `nmots`). Server and web both build on these shapes.
 */

import type { ErrorCode } from '../errors.ts';

export const transporterTypes = ['driver', 'barge', 'train'] as const;
export type TransporterType = (typeof transporterTypes)[number];

/** How an assignee is identified at the gate (DESIGN §3 `identificationType`). */
export const identificationTypes = ['alfapass', 'itsme', 'eni', 'train'] as const;
export type IdentificationType = (typeof identificationTypes)[number];

/** A release's removal from an assignment, as transporter answers list it (access spec §4). */
export interface RemovedRelease {
  address: string;
  version: number;
}

export interface Driver {
  id: number;
  firstName: string;
  lastName: string;
  /** `firstName lastName`. */
  name: string;
  email: string | null;
  phone: string | null;
  /** 6 digits (new card) or 5 (old); kept exactly as typed, no zero added. */
  alfaPass: string | null;
  itsmeCode: string | null;
  itsmeData: { given_name: string; family_name: string } | null;
  isActive: boolean;
  /** Neither alfaPass nor itsmeCode: the list flags "Identification required". */
  identificationRequired: boolean;
  organization_address: string;
}

export interface Barge {
  id: number;
  name: string;
  /** The ENI number, exactly 8 characters. */
  eniNumber: string;
  identification: string;
  isActive: boolean;
}

export interface Train {
  id: number;
  name: string;
  trainCode: string;
  identification: string;
  isActive: boolean;
}

export type Transporter = Driver | Barge | Train;

/**
 * The answer to creating a driver, barge or train (access spec §7): `isNew` false when one with
 * the same identity exists already (drivers: same first and last name, e-mail or phone digits,
 * case-insensitive), which the web asks to confirm before creating it anyway with `confirmed`.
 */
export interface TransporterCreateAnswer<T extends Transporter = Transporter> {
  isNew: boolean;
  result: T | null;
  existingIdentification?: string | null;
  existingIdentificationType?: IdentificationType | null;
  existingName?: string;
  /**
   * With `isNew` false, the kind's "already exists" message (access spec §8): its code, its
   * translation key and its English text, as a refused barge or train carries them.
   */
  code?: ErrorCode;
  key?: string;
  message?: string;
}

/** Answers of PATCH drivers/barges/trains: the row, and the releases unassigned by the change. */
export interface TransporterPatchAnswer<T extends Transporter = Transporter> {
  result: T;
  removedReleases: RemovedRelease[];
  /** Set when `sendItsmeLink` or `copyItsmeLink` asked for an itsme registration link. */
  link?: string;
}

/** POST drivers (access spec §7 "Transporters"); `confirmed` creates despite a duplicate. */
export interface DriverInput {
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
  alfaPass?: string | null;
  sendItsmeLink?: boolean;
  confirmed?: boolean;
}

/** POST barges. */
export interface BargeInput {
  name: string;
  eniNumber: string;
  confirmed?: boolean;
}

/** POST trains. */
export interface TrainInput {
  name: string;
  trainCode: string;
  confirmed?: boolean;
}

/**
 * The signed second call of an unassign (releases spec §7 `releases/assignment/unassign`), sent
 * with a transporter PATCH that deactivates it or changes its identifier (access spec §4).
 */
export interface TransporterUnassign {
  release_addresses: string[];
  statement: string;
  signature: string;
}

/** PATCH drivers/:id (access spec §7). */
export interface DriverPatch {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  phone?: string | null;
  alfaPass?: string | null;
  isActive?: boolean;
  itsmeCode?: string | null;
  itsmeData?: { given_name: string; family_name: string } | null;
  sendItsmeLink?: boolean;
  copyItsmeLink?: boolean;
  stateCode?: string;
  unassign?: TransporterUnassign;
}

/** PATCH barges/:id. */
export interface BargePatch {
  name?: string;
  eniNumber?: string;
  isActive?: boolean;
  unassign?: TransporterUnassign;
}

/** PATCH trains/:id. */
export interface TrainPatch {
  name?: string;
  trainCode?: string;
  isActive?: boolean;
  unassign?: TransporterUnassign;
}

/**
 * A release still assigned to a transporter a PATCH would deactivate or re-identify: the 409
 * `transporter_has_assignments` lists them under `data.assignedReleases` for the web's warning.
 */
export interface AssignedRelease {
  address: string;
  version: number;
  blNumber: string;
  containerNumber: string;
}

/** The assignee a release is bound to: an identification, not a row that may change later. */
export interface Assignee {
  type: TransporterType;
  identification: string;
  identificationType: IdentificationType;
}

/** Answer of PUT releases/assignment/info (releases spec §3 "Assignment"). */
export interface AssignmentInfo {
  hasAssignedReleases: boolean;
  assignedDrivers: string[];
  assignedBarges: string[];
  assignedTrains: string[];
  /** Distinct visit numbers among the releases (the dialog warns when there are several). */
  visitNumbers: string[];
}

/** One release of PUT releases/assignment/check: whether it can be assigned, and its terminal. */
export interface AssignmentCheckRelease {
  address: string;
  blNumber: string | null;
  containerNumber: string | null;
  /** Null: the release may be assigned (the identification rules still apply per assignee). */
  reason: string | null;
  /** The reason's translation key (`releases.refusal.` or `assignment.refusal.`), null when none. */
  key: string | null;
  /** The reason in English, for machine clients. */
  error: string | null;
  /** The pick-up terminal and how it identifies drivers (releases spec §5), null when not found. */
  terminal: {
    code: string;
    identificationMethod: 'alfapass' | 'itsme' | null;
    portLocode: string | null;
    /** The organisation has a finalised connection to the terminal's organisation. */
    connected: boolean;
  } | null;
  /** The current assignee's name, when assigned by the caller. */
  assigneeName: string | null;
}

/** Answer of PUT releases/assignment/check (releases spec §7; its shape is ours). */
export interface AssignmentCheck {
  /** The organisation has a linked port-community account (Antwerp, releases spec §5). */
  portCommunityLinked: boolean;
  releases: AssignmentCheckRelease[];
}

/** One secure pick-up container at a terminal of the user's organisation (access spec §3). */
export interface SecurePickupContainerRow {
  bl_number: string;
  container_number: string;
  agent: string | null;
  pickup_location: string;
  /** The terminal's name ("MPET Deurganck Terminal"), where `pickup_location` is its code. */
  pickup_location_name: string;
  valid_from: string;
  valid_until: string;
  release_status: string;
  gate_out: string | null;
  release_address: string;
  /**
   * Who the release is assigned to, as the gate expects them (releases spec §3 "Assignment",
   * DESIGN §3 "Secure pick-up"): the driver's, barge's or train's kind and name and the visit
   * number; all null while it is not assigned. The identification itself stays with the gate.
   */
  assignee_type: TransporterType | null;
  assignee_name: string | null;
  visit_number: string | null;
}

/** POST gate-checks (DESIGN §3). */
export interface GateCheckRequest {
  terminal: string;
  containerNumber: string;
  identification: { type: IdentificationType; value: string };
}

export type GateCheckAnswer =
  | {
      allowed: true;
      releaseAddress: string;
      blNumber: string;
      assignee: { type: TransporterType; name: string };
    }
  | { allowed: false; reason: GateRefusal; message: string };

/** Why the gate refuses a pick-up (DESIGN §3; translated under `gate.refusal.`). */
export const gateRefusals = [
  'notFound',
  'notSecurePickup',
  'notAssigned',
  'otherIdentification',
  'blocked',
  'expired',
  'notValidYet',
  'deleted',
  'gateOutDone',
] as const;
export type GateRefusal = (typeof gateRefusals)[number];

/** POST gate-outs (DESIGN §3). */
export interface GateOutRequest {
  terminal: string;
  containerNumber: string;
  at?: string;
}

/** Answer of POST gate-outs: the release closed for its whole chain, archived at gate-out. */
export interface GateOutAnswer {
  releaseAddress: string;
  blNumber: string;
  containerNumber: string;
  /** The gate-out moment (ISO 8601). */
  gateOutAt: string;
  /** Releases spec §4 "archived at gate out": true once archived. */
  archived: boolean;
}

/** Query of GET terminal-user/secure-pickup-containers (access spec §7 "Terminal"). */
export interface SecurePickupContainersQuery {
  querySearch?: string;
  $limit?: number;
  $skip?: number;
}

/** Query of GET transporters/reports (access spec §7 "Transporters"). */
export interface SuccessReportQuery {
  successRateOfSecurePickupReport?: boolean;
  /** The period; absent means all. */
  operationAt?: ReportPeriod;
}

/** Report periods of the assignment success report (access spec §9). */
export const reportPeriods = ['week', 'month', 'all'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** One failed gate check in the success report (releases spec §3 "Assignment"). */
export interface FailedCheck {
  releaseAddress: string;
  blNumber: string;
  containerNumber: string;
  checkedValue: string;
  assignedValue: string | null;
  checkedAt: string;
  reason: GateRefusal;
}

/** GET transporters/reports (access spec §7). */
export interface SuccessReport {
  overview: { total: number; succeeded: number; failed: number; successRate: number | null };
  checkFailed: FailedCheck[];
}

/** The next mode of transport (releases spec §7 `nmots`). */
export const modesOfTransport = ['truck', 'barge', 'rail', 'unknown'] as const;
export type ModeOfTransport = (typeof modesOfTransport)[number];
