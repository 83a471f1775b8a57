import type { IsoDate } from '../dates.ts';

/** Releases spec §4 "Release status". */
export const releaseStatuses = [
  'released',
  'blocked',
  'blockedForScanning',
  'expired',
  'deleted',
  'gateout',
] as const;
export type ReleaseStatus = (typeof releaseStatuses)[number];

/** Releases spec §4 "Transfer status", as seen by the party looking at the release. */
export const transferStatuses = [
  'owned',
  'transferred',
  'assigned',
  'pinRetrieved',
  'sendingToPcs',
  'sentToPcs',
] as const;
export type TransferStatus = (typeof transferStatuses)[number];

/** Releases spec §3 "Bill of lading": the fields a BL carries for all its containers. */
export interface BillOfLadingFields {
  blNumber: string;
  portOfLoading?: string | null;
  portOfDestination?: string | null;
  vessel?: string | null;
  agent?: string | null;
  stayNumber?: string | null;
  lloydsNumber?: string | null;
  voyageNumber?: string | null;
}

/** Releases spec §3 "Container release": the fields a carrier sets on one container. */
export interface ContainerFields {
  containerNumber: string;
  isoTypeCode?: string | null;
  pickupLocation: string;
  pickupPort?: string | null;
  turnInLocation?: string | null;
  turnInReference?: string | null;
  turnInLocationBarge?: string | null;
  turnInReferenceBarge?: string | null;
  turnInLocationRail?: string | null;
  turnInReferenceRail?: string | null;
  validFrom: IsoDate;
  validUntil: IsoDate;
  /** Releases spec §3: the carrier's EDI names (`ediPcs` designates the port community system). */
  ediName?: string | null;
  ediLocode?: string | null;
  ediPcs?: string | null;
}

/** Releases spec §3 "Create payload" (the creator is the signed-in carrier). */
export interface ReleaseInput {
  billOfLading: BillOfLadingFields;
  container: ContainerFields & {
    /**
     * Releases spec §3 "Create payload": the container may repeat its BL number; it must then
     * be the bill of lading's (`blNumberMismatch`).
     */
    blNumber?: string | null;
    /** A pincode in clear over TLS: sealed to the carrier at once, never stored (DESIGN §3). */
    pincode?: string | null;
    /** Or already sealed to the carrier's own key, so the server never sees it. */
    encryptedPincode?: string | null;
  };
}

/** Releases spec §3 "Edit form fields": what an edit may change (BL and container are locked). */
export const editableFields = [
  'portOfLoading',
  'portOfDestination',
  'vessel',
  'stayNumber',
  'lloydsNumber',
  'voyageNumber',
  'pickupLocation',
  'validUntil',
  'turnInLocation',
  'turnInReference',
  'turnInLocationBarge',
  'turnInReferenceBarge',
  'turnInLocationRail',
  'turnInReferenceRail',
] as const;
export type EditableField = (typeof editableFields)[number];
export type ReleaseEdit = Partial<Record<EditableField, string | null>>;
