import { isIsoDate, type IsoDate } from '../dates.ts';

/**
 * COREOR D95B (container release order) as carriers in Antwerp, Rotterdam and Hamburg send it,
 * mapped to the portal's release (issue 14 item 4). One message is one release order; each EQD
 * group is one container, i.e. one release. These rules are what the server applies and what
 * the API documentation shows.
 */

/** BGM data element 1225, message function: what a message does to its releases. */
export const coreorFunctions = { '9': 'original', '5': 'replace', '1': 'cancellation' } as const;
export type CoreorFunction = (typeof coreorFunctions)[keyof typeof coreorFunctions];

/** The message type a COREOR of this portal must name in UNH S009. */
export const coreorMessageType = { type: 'COREOR', version: 'D', release: '95B', agency: 'UN' };

/** The release fields a COREOR sets. */
export type CoreorField =
  | 'blNumber'
  | 'vessel'
  | 'voyageNumber'
  | 'lloydsNumber'
  | 'stayNumber'
  | 'portOfLoading'
  | 'portOfDestination'
  | 'containerNumber'
  | 'isoTypeCode'
  | 'pickupLocation'
  | 'pickupPort'
  | 'turnInLocation'
  | 'validFrom'
  | 'validUntil'
  | 'pincode';

/** One mapping rule: where a field comes from, and whether a release needs it. */
export interface CoreorMappingRule {
  segment: string;
  field: CoreorField | 'releaseOrder' | 'function';
  /** `message`: before the first EQD (applies to every container); `equipment`: in its EQD group. */
  level: 'message' | 'equipment' | 'both';
  required: boolean;
  note: string;
}

/** The mapping, segment → field (the server's reading and the API documentation). */
export const coreorMapping: readonly CoreorMappingRule[] = [
  {
    segment: 'BGM',
    field: 'releaseOrder',
    level: 'message',
    required: true,
    note: '1004: the release order number, quoted in the answer',
  },
  {
    segment: 'BGM',
    field: 'function',
    level: 'message',
    required: true,
    note: '1225: 9 original (create), 5 replace (edit), 1 cancellation (delete)',
  },
  {
    segment: 'RFF+BN / RFF+BM',
    field: 'blNumber',
    level: 'both',
    required: true,
    note: 'the bill of lading; an EQD group may name its own',
  },
  {
    segment: 'RFF+ATZ',
    field: 'stayNumber',
    level: 'message',
    required: false,
    note: "the ship's stay reference",
  },
  {
    segment: 'TDT+20',
    field: 'voyageNumber',
    level: 'message',
    required: false,
    note: '8028 conveyance reference',
  },
  {
    segment: 'TDT+20',
    field: 'lloydsNumber',
    level: 'message',
    required: false,
    note: 'C222 8213: the IMO / Lloyd’s number when 1131 is 146 or the value is one (7 digits, the last its check digit); a call sign (1131 103) is not, and is not kept: a BL has no call sign',
  },
  {
    segment: 'TDT+20',
    field: 'vessel',
    level: 'message',
    required: false,
    note: 'C222 8212: vessel name',
  },
  {
    segment: 'LOC+9',
    field: 'portOfLoading',
    level: 'message',
    required: false,
    note: 'UN/LOCODE',
  },
  {
    segment: 'LOC+11',
    field: 'portOfDestination',
    level: 'message',
    required: false,
    note: 'UN/LOCODE',
  },
  {
    segment: 'EQD+CN',
    field: 'containerNumber',
    level: 'equipment',
    required: true,
    note: 'C237 8260',
  },
  {
    segment: 'EQD+CN',
    field: 'isoTypeCode',
    level: 'equipment',
    required: false,
    note: 'C224 8155, 20DV when absent',
  },
  {
    segment: 'LOC+117',
    field: 'pickupLocation',
    level: 'both',
    required: true,
    note: 'place of collection: C519 terminal code (else C517)',
  },
  {
    segment: 'LOC+117',
    field: 'pickupPort',
    level: 'both',
    required: false,
    note: 'C517 UN/LOCODE when a terminal code follows',
  },
  {
    segment: 'LOC+99',
    field: 'turnInLocation',
    level: 'both',
    required: false,
    note: 'place of empty equipment return',
  },
  {
    segment: 'DTM+7',
    field: 'validFrom',
    level: 'both',
    required: false,
    note: 'effective from (102, 203 or 204); today when absent',
  },
  {
    segment: 'DTM+36',
    field: 'validUntil',
    level: 'both',
    required: false,
    note: 'expiry (102, 203 or 204); 60 days on when absent',
  },
  {
    segment: 'RFF+RE',
    field: 'pincode',
    level: 'equipment',
    required: false,
    note: 'the release reference the terminal checks: sealed to the carrier at once, never stored in clear',
  },
];

/**
 * Why a segment (or a whole interchange) is refused, the APERAK-like answer's reasons: keys
 * under `coreor.reason.` in the web, English here for machines.
 */
export const coreorReasons = {
  badServiceString: 'The UNA service string advice is not valid',
  danglingRelease: 'The release character ends the interchange',
  unterminatedSegment: 'The last segment has no segment terminator',
  badSegmentTag: 'A segment tag is three capital letters or digits',
  controlCharacter: 'The segment holds a control character',
  empty: 'The file holds no EDIFACT segments',
  interchangeHeaderMissing: 'The interchange does not start with UNB',
  interchangeTrailerMissing: 'The interchange does not end with UNZ',
  interchangeCount: 'UNZ does not count the messages of the interchange',
  interchangeReference: 'UNZ does not repeat the control reference of UNB',
  senderMissing: 'UNB names no interchange sender (S002)',
  controlReferenceMissing: 'UNB has no interchange control reference (0020)',
  duplicateInterchange:
    'This interchange (same sender and control reference) was received before: nothing was done again',
  messageType: 'Only COREOR D 95B UN messages are read',
  messageTrailerMissing: 'The message has no UNT',
  segmentCount: 'UNT does not count the segments of the message',
  messageReference: 'UNT does not repeat the message reference of UNH',
  messageReferenceMissing: 'UNH has no message reference (0062)',
  duplicateMessage:
    'This message (same sender and message reference) was received before: nothing was done again',
  unexpectedSegment: 'This segment has no place here in a COREOR D95B message',
  segmentRepeated: 'This segment may appear only once here',
  beginningMissing: 'The message has no BGM after UNH',
  documentNumberMissing: 'BGM has no release order number (1004)',
  messageFunction: 'BGM message function must be 9 (original), 5 (replace) or 1 (cancellation)',
  noEquipment: 'The message has no EQD: no container to release',
  blMissing: 'No bill of lading: RFF+BN or RFF+BM is required',
  equipmentQualifier: 'EQD must qualify a container (CN)',
  containerNumberMissing: 'EQD has no container number',
  containerRepeated: 'This container appears twice in the message',
  pickupMissing: 'No pick-up terminal: LOC+117 is required',
  locationMissing: 'LOC names no location',
  dateFormat: 'The date format must be 102, 203 or 204',
  dateInvalid: 'This is not a valid date',
  emptyReference: 'RFF has no reference number',
  invalidField: 'The value is refused',
  releaseNotFound: 'You have no release of this BL and container to replace or cancel',
  releaseRefused: 'The release cannot be changed',
  tooManyReleases: 'At most 5000 containers in one interchange',
} as const;
export type CoreorReason = keyof typeof coreorReasons;

/** A refused segment (or interchange), as the answer names it. */
export interface CoreorError {
  /** The segment as sent (at most 70 characters), or '' when it is missing. */
  segment: string;
  /** Its position in the message (UNH is 1), or in the interchange for envelope errors. */
  position: number;
  reason: CoreorReason;
  /** `invalidField`: the release field and its translation key under `releases.validation.`. */
  field?: string;
  detail?: string;
  /** English, for machines (the web translates `reason` and `detail`). */
  message?: string;
}

/** TDT C222 1131: what a vessel's identification (8213) is. */
export const vesselIdentificationCodes = { lloydsNumber: '146', callSign: '103' } as const;

/**
 * An IMO ship identification number (the Lloyd's number), `IMO` before it or not, as its seven
 * digits; null when it is none. The seventh digit is the check digit: the first six weighted 7
 * down to 2, summed, modulo 10.
 */
export function imoNumberOf(value: string): string | null {
  const digits = /^(?:IMO\s?)?(\d{7})$/i.exec(value.trim())?.[1];
  if (!digits) return null;
  const sum = [...digits.slice(0, 6)].reduce((n, digit, i) => n + Number(digit) * (7 - i), 0);
  return sum % 10 === Number(digits[6]) ? digits : null;
}

/**
 * TDT C222 8213 with its code list qualifier 1131 as what it is: an IMO-formatted value or one
 * coded 146 is the Lloyd's number; one coded 103 is the call sign (never a Lloyd's number: a
 * call sign has a letter among its first two characters, so a 7-digit IMO value coded 103 is a
 * mislabelled Lloyd's number); anything else is neither.
 */
export function coreorVesselIdentification(
  value: string,
  code: string,
): { lloydsNumber?: string; callSign?: string } {
  if (!value) return {};
  const imo = imoNumberOf(value);
  if (imo) return { lloydsNumber: imo };
  if (code === vesselIdentificationCodes.lloydsNumber) return { lloydsNumber: value };
  if (code === vesselIdentificationCodes.callSign) return { callSign: value };
  return {};
}

/** DTM 2379 formats read: 102 CCYYMMDD, 203 CCYYMMDDHHMM, 204 CCYYMMDDHHMMSS (the date part). */
const dateFormats: Record<string, number> = { '102': 8, '203': 12, '204': 14 };

/**
 * A DTM date as an ISO date (its time of day is dropped: validity is by calendar day), or the
 * reason it is refused.
 */
export function coreorDate(value: string, format: string): IsoDate | 'dateFormat' | 'dateInvalid' {
  const length = dateFormats[format || '102'];
  if (length === undefined) return 'dateFormat';
  if (value.length !== length || !/^\d+$/.test(value)) return 'dateInvalid';
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  if (!isIsoDate(iso)) return 'dateInvalid';
  if (length >= 12 && (Number(value.slice(8, 10)) > 23 || Number(value.slice(10, 12)) > 59)) {
    return 'dateInvalid';
  }
  return iso;
}

/** BGM 1225 as a function, or null when this portal does not take it. */
export function coreorFunction(code: string): CoreorFunction | null {
  return (coreorFunctions as Record<string, CoreorFunction>)[code] ?? null;
}

/** The segment text an error names: at most 70 characters. */
export const segmentLabel = (text: string) => text.slice(0, 70);
