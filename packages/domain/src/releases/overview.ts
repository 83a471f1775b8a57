import type { IsoDate } from '../dates.ts';
import type { ModeOfTransport } from '../api/transporters.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';
import type { GreenLights } from './green-lights.ts';
import type { PincodeLogView } from './row-parties.ts';
import type { ValidityFilter } from './validity-filter.ts';

/**
 * Releases spec §2 "filter dialog": the ten filter fields. Text fields match case-insensitively
 * as substrings; `valid` defaults to showOnlyValid.
 */
export interface OverviewFilter {
  blNumber?: string;
  containerNumber?: string;
  vessel?: string;
  voyageNumber?: string;
  turnInLocation?: string;
  releaseStatus?: ReleaseStatus;
  pickupLocation?: string;
  pickupPort?: string;
  valid?: ValidityFilter;
  transferStatus?: TransferStatus;
}

export const overviewFilterFields = [
  'blNumber',
  'containerNumber',
  'vessel',
  'voyageNumber',
  'turnInLocation',
  'releaseStatus',
  'pickupLocation',
  'pickupPort',
  'valid',
  'transferStatus',
] as const satisfies readonly (keyof OverviewFilter)[];

/** Whether a filter narrows anything beyond the default validity (spec: the "Showing results for" banner). */
export function isFilterActive(filter: OverviewFilter): boolean {
  return overviewFilterFields.some((field) =>
    field === 'valid'
      ? filter.valid !== undefined && filter.valid !== 'showOnlyValid'
      : filter[field] !== undefined && filter[field] !== '',
  );
}

/** Releases spec §2 tab 1 and §3 "Bill of lading": one row per BL the viewer holds releases of. */
export interface BillOfLadingRow {
  id: number;
  /**
   * Releases spec §3 "address": the BL's name in address form (EIP-55), derived from its carrier's
   * address and its number, so the same BL has the same address for everyone; it names the BL
   * and opens nothing (its releases are found by what the viewer holds of them).
   */
  address: string;
  blNumber: string;
  portOfLoading: string | null;
  portOfDestination: string | null;
  vessel: string | null;
  agent: string | null;
  stayNumber: string | null;
  lloydsNumber: string | null;
  voyageNumber: string | null;
  isSecurePickup: boolean;
  /** The carrier's name (the BL's creator). */
  creator: string;
  /** How many of the BL's containers the viewer sees under the current filter. */
  containerCount: number;
  /**
   * Releases spec §3 "containers": those containers as rows, newest first, at most
   * `maxBillOfLadingContainers` (the rest: `containers` find by `billOfLadingId`).
   */
  containers: ContainerRow[];
  /**
   * Releases spec §3 "assignLocationLabel", the label of the BL's pickup method (§2 pickupMethod
   * column): of the assign location its `containers` lie in (`billOfLadingAssignLocation`), in
   * the viewer's language; null when none of them lies in one.
   */
  assignLocationLabel: string | null;
}

/** The most containers a BL row carries (releases spec §3 "containers"; §9 pages hold 50). */
export const maxBillOfLadingContainers = 100;

/** Releases spec §2 tab 2 and §3 "Container release": one release as the viewing party sees it. */
export interface ContainerRow {
  /** Releases spec §3 "id": the release's number in the portal. */
  id: number;
  address: string;
  /** Releases spec §3 "releaseAddress": the release's address, the same as `address`. */
  releaseAddress: string;
  version: number;
  billOfLadingId: number;
  blNumber: string;
  containerNumber: string;
  isoTypeCode: string;
  vessel: string | null;
  voyageNumber: string | null;
  pickupLocation: string;
  pickupPort: string | null;
  turnInLocation: string | null;
  turnInReference: string | null;
  turnInLocationBarge: string | null;
  turnInReferenceBarge: string | null;
  turnInLocationRail: string | null;
  turnInReferenceRail: string | null;
  validFrom: IsoDate;
  validUntil: IsoDate;
  releasedOn: IsoDate;
  releaseStatus: ReleaseStatus;
  /** The viewer's own transfer status in the chain. */
  transferStatus: TransferStatus;
  /** Who passed it to the viewer (absent for carriers): an organisation name. */
  receivedFrom: string | null;
  /** To whom the viewer passed it on; null without canSeeTransferInfo. */
  transferTo: string | null;
  /**
   * Releases spec §3 "prevParty": who passed it to the viewer, `address:0x…` (domain
   * `partyReference`); null for the carrier, which created it.
   */
  prevParty: string | null;
  /** Releases spec §3 "nextParty": to whom the viewer passed it, as `transferTo` is shown. */
  nextParty: string | null;
  /** Releases spec §3 "owner": who holds it now, as the viewer may know (`ownerSeenBy`). */
  owner: string | null;
  /** Releases spec §3 "creator": the carrier that created it, by name, as the BL row says. */
  creator: string;
  /** Releases spec §3: the carrier's EDI names (`ediPcs` below designates the PCS). */
  ediName: string | null;
  ediLocode: string | null;
  /** Releases spec §3 "blocked", "deleted": read from `releaseStatus` (`statusFlags`). */
  blocked: boolean;
  deleted: boolean;
  isSecurePickup: boolean;
  sentToPcs: boolean;
  ediPcs: string | null;
  hasPincode: boolean;
  /**
   * Releases spec §3 "pincode_logs": the pincode retrievals the viewer sees (`pincodeLogReach`),
   * who and when, oldest first; never a pincode or a sealed copy.
   */
  pincode_logs: PincodeLogView[];
  /** Releases spec §7 `nmots`: how the container leaves the terminal, null until chosen. */
  nextModeOfTransport: ModeOfTransport | null;
  /** Releases spec §3: the assignee's name by kind (one at most is set) and the visit number. */
  assignedDriverName: string | null;
  assignedBargeName: string | null;
  assignedTrainName: string | null;
  assignedVisitNumber: string | null;
  /**
   * Releases spec §3 "greenLights": the traffic light, for viewers with canGreenLights at the
   * terminals that show it (domain `showsGreenLights`); null otherwise or before any event.
   */
  greenLights: GreenLights | null;
  createdAt: string;
  updatedAt: string;
}

/** The columns that may be sorted on, per view. */
export const billOfLadingSortFields = [
  'blNumber',
  'vessel',
  'agent',
  'voyageNumber',
  'createdAt',
] as const;
export const containerSortFields = [
  'containerNumber',
  'blNumber',
  'vessel',
  'validFrom',
  'validUntil',
  'pickupLocation',
  'releaseStatus',
  'transferStatus',
  'createdAt',
] as const;

/**
 * Releases spec §2 "search box": what a search term is matched against (case-insensitive
 * substring). The server stores this text per party and searches it with a trigram index.
 */
export function releaseSearchText(fields: {
  blNumber: string;
  containerNumber: string;
  vessel?: string | null;
  voyageNumber?: string | null;
  pickupLocation?: string | null;
  stayNumber?: string | null;
  lloydsNumber?: string | null;
  agent?: string | null;
}): string {
  return [
    fields.blNumber,
    fields.containerNumber,
    fields.vessel,
    fields.voyageNumber,
    fields.pickupLocation,
    fields.stayNumber,
    fields.lloydsNumber,
    fields.agent,
  ]
    .filter((part): part is string => !!part && part.trim() !== '')
    .join(' ')
    .toLowerCase();
}
