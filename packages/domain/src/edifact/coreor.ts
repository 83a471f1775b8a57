import { todayInBrussels, type IsoDate } from '../dates.ts';
import type { ReleaseEdit, ReleaseInput } from '../releases/release.ts';
import { releaseDefaults } from '../releases/validation.ts';
import {
  coreorDate,
  coreorFunction,
  coreorMessageType,
  coreorVesselIdentification,
  segmentLabel,
  type CoreorError,
  type CoreorField,
  type CoreorFunction,
  type CoreorReason,
} from './coreor-rules.ts';
import { componentOf, tokenizeEdifact, type EdifactSegment } from './tokenizer.ts';

/** Where a field's value came from: the segment as sent and its position in the message. */
export interface CoreorSource {
  segment: string;
  position: number;
}

/** One EQD group: one container, one release to create, replace or cancel. */
export interface CoreorRelease {
  blNumber: string;
  containerNumber: string;
  /** The EQD segment and its position. */
  segment: string;
  position: number;
  /** The release to create (defaults filled in: 20DV, today, 60 days). */
  input: ReleaseInput;
  /** The fields the message sets, each with its segment (a replace changes only these). */
  sources: Partial<Record<CoreorField, CoreorSource>>;
  errors: CoreorError[];
}

/** One COREOR message (UNH … UNT): a release order. */
export interface CoreorMessage {
  reference: string;
  /** The UNH as sent (at most 70 characters): what a duplicate's answer names. */
  header: string;
  documentNumber: string;
  function: CoreorFunction | null;
  /** Errors of the message itself: none of its releases is taken. */
  errors: CoreorError[];
  releases: CoreorRelease[];
}

/** An interchange (UNB … UNZ) read: envelope errors refuse it whole. */
export interface CoreorInterchange {
  sender: string | null;
  /** UNB S003, whom the interchange is addressed to. */
  recipient: string | null;
  controlReference: string | null;
  /** The UNB as sent (at most 70 characters), '' when there is none. */
  header: string;
  errors: CoreorError[];
  messages: CoreorMessage[];
}

const messageTags = new Set([
  'DTM',
  'FTX',
  'TSR',
  'RFF',
  'TDT',
  'LOC',
  'NAD',
  'CTA',
  'COM',
  'GID',
  'HAN',
  'SGP',
  'MEA',
  'DIM',
  'PCI',
]);
const equipmentTags = new Set([
  'RFF',
  'TMD',
  'DTM',
  'LOC',
  'MEA',
  'DIM',
  'SEL',
  'FTX',
  'EQA',
  'EQN',
  'HAN',
  'TMP',
  'TDT',
  'NAD',
  'CTA',
  'COM',
]);
const envelopeTags = new Set(['UNB', 'UNZ', 'UNG', 'UNE']);

type Values = Partial<Record<CoreorField, { value: string; source: CoreorSource }>>;

/**
 * Reads a COREOR D95B interchange (`coreor-rules.ts` has the mapping): a syntax or envelope
 * error refuses the whole interchange; an error in a message's own segments refuses that
 * message; an error in an EQD group refuses that container only. Business checks (terminal
 * codes, dates in the past, duplicates) are the create and edit commands', as for REST.
 */
export function readCoreor(text: string, today: IsoDate = todayInBrussels()): CoreorInterchange {
  const { segments, problem } = tokenizeEdifact(text);
  const refused = (error: CoreorError): CoreorInterchange => ({
    sender: null,
    recipient: null,
    controlReference: null,
    header: '',
    errors: [error],
    messages: [],
  });
  if (problem)
    return refused({ segment: problem.segment, position: problem.index, reason: problem.reason });
  const unb = segments[0]!;
  if (unb.tag !== 'UNB') return refused(envelopeError(unb, 'interchangeHeaderMissing'));
  const interchange: CoreorInterchange = {
    sender: componentOf(unb, 1) || null,
    recipient: componentOf(unb, 2) || null,
    controlReference: componentOf(unb, 4) || null,
    header: segmentLabel(unb.text),
    errors: [],
    messages: [],
  };
  // What makes an interchange one (coreor-duplicates.ts): its sender and control reference.
  if (!interchange.sender) interchange.errors.push(envelopeError(unb, 'senderMissing'));
  if (!interchange.controlReference) {
    interchange.errors.push(envelopeError(unb, 'controlReferenceMissing'));
  }
  const unz = segments[segments.length - 1]!;
  if (unz.tag !== 'UNZ' || segments.length < 2) {
    return { ...interchange, errors: [envelopeError(unz, 'interchangeTrailerMissing')] };
  }
  let open: EdifactSegment[] | null = null;
  for (const segment of segments.slice(1, -1)) {
    if (segment.tag === 'UNH') {
      if (open) interchange.messages.push(readMessage(open, today));
      open = [segment];
    } else if (open) {
      open.push(segment);
      if (segment.tag === 'UNT') {
        interchange.messages.push(readMessage(open, today));
        open = null;
      }
    } else if (!envelopeTags.has(segment.tag)) {
      interchange.errors.push(envelopeError(segment, 'unexpectedSegment'));
    }
  }
  if (open) interchange.messages.push(readMessage(open, today));
  if (componentOf(unz, 0) !== String(interchange.messages.length)) {
    interchange.errors.push(envelopeError(unz, 'interchangeCount'));
  }
  if (componentOf(unz, 1) !== (interchange.controlReference ?? '')) {
    interchange.errors.push(envelopeError(unz, 'interchangeReference'));
  }
  return interchange;
}

function envelopeError(segment: EdifactSegment, reason: CoreorReason): CoreorError {
  return { segment: segmentLabel(segment.text), position: segment.index, reason };
}

function readMessage(segments: EdifactSegment[], today: IsoDate): CoreorMessage {
  const unh = segments[0]!;
  const at = (segment: EdifactSegment): CoreorSource => ({
    segment: segmentLabel(segment.text),
    position: segment.index - unh.index + 1,
  });
  const message: CoreorMessage = {
    reference: componentOf(unh, 0),
    header: segmentLabel(unh.text),
    documentNumber: '',
    function: null,
    errors: [],
    releases: [],
  };
  const fail = (segment: EdifactSegment, reason: CoreorReason) =>
    message.errors.push({ ...at(segment), reason });
  if (!message.reference) fail(unh, 'messageReferenceMissing');
  const [type, version, release, agency] = [0, 1, 2, 3].map((c) => componentOf(unh, 1, c));
  const expected = coreorMessageType;
  if (
    type !== expected.type ||
    version !== expected.version ||
    release !== expected.release ||
    agency !== expected.agency
  ) {
    fail(unh, 'messageType');
    return message;
  }
  const last = segments[segments.length - 1]!;
  if (last.tag !== 'UNT') fail(last, 'messageTrailerMissing');
  else {
    if (componentOf(last, 0) !== String(segments.length)) fail(last, 'segmentCount');
    if (componentOf(last, 1) !== message.reference) fail(last, 'messageReference');
  }
  const bgm = segments[1];
  if (bgm?.tag !== 'BGM') {
    fail(bgm ?? unh, 'beginningMissing');
    return message;
  }
  message.documentNumber = componentOf(bgm, 1);
  if (!message.documentNumber) fail(bgm, 'documentNumberMissing');
  message.function = coreorFunction(componentOf(bgm, 2));
  if (!message.function) fail(bgm, 'messageFunction');

  const shared: Values = {};
  const groups: { eqd: EdifactSegment; values: Values; errors: CoreorError[] }[] = [];
  let counted = false;
  const body = segments.slice(2, last.tag === 'UNT' ? -1 : undefined);
  for (const segment of body) {
    const group = groups[groups.length - 1];
    if (segment.tag === 'EQD' && !counted) {
      groups.push({ eqd: segment, values: {}, errors: [] });
      readEquipment(segment, groups[groups.length - 1]!, at);
    } else if (segment.tag === 'CNT' && !counted) {
      counted = true;
    } else if (group && !counted && equipmentTags.has(segment.tag)) {
      const reason = readSegment(segment, group.values, 'equipment', at);
      if (reason) group.errors.push({ ...at(segment), reason });
    } else if (!group && messageTags.has(segment.tag)) {
      const reason = readSegment(segment, shared, 'message', at);
      if (reason) fail(segment, reason);
    } else if (group && !counted) {
      group.errors.push({ ...at(segment), reason: 'unexpectedSegment' });
    } else {
      fail(segment, 'unexpectedSegment');
    }
  }
  if (groups.length === 0) fail(bgm, 'noEquipment');
  const seen = new Set<string>();
  for (const group of groups) {
    const item = releaseOf(group, shared, message.function, today, at);
    const key = `${item.blNumber}\u0000${item.containerNumber}`;
    if (item.containerNumber && seen.has(key)) {
      item.errors.push({ ...at(group.eqd), reason: 'containerRepeated' });
    }
    seen.add(key);
    message.releases.push(item);
  }
  return message;
}

function readEquipment(
  eqd: EdifactSegment,
  group: { values: Values; errors: CoreorError[] },
  at: (segment: EdifactSegment) => CoreorSource,
) {
  const source = at(eqd);
  if (componentOf(eqd, 0) !== 'CN') group.errors.push({ ...source, reason: 'equipmentQualifier' });
  const number = componentOf(eqd, 1);
  if (!number) group.errors.push({ ...source, reason: 'containerNumberMissing' });
  else group.values.containerNumber = { value: number, source };
  const isoType = componentOf(eqd, 2);
  if (isoType) group.values.isoTypeCode = { value: isoType, source };
}

/** Reads one segment into `values`; answers the reason it is refused, or null. */
function readSegment(
  segment: EdifactSegment,
  values: Values,
  level: 'message' | 'equipment',
  at: (segment: EdifactSegment) => CoreorSource,
): CoreorReason | null {
  const source = at(segment);
  const set = (field: CoreorField, value: string): CoreorReason | null => {
    if (!value) return null;
    if (values[field]) return 'segmentRepeated';
    values[field] = { value, source };
    return null;
  };
  const qualifier = componentOf(segment, 0);
  switch (segment.tag) {
    case 'RFF': {
      const reference = componentOf(segment, 0, 1);
      const field: CoreorField | undefined =
        qualifier === 'BN' || qualifier === 'BM'
          ? 'blNumber'
          : qualifier === 'ATZ' && level === 'message'
            ? 'stayNumber'
            : qualifier === 'RE' && level === 'equipment'
              ? 'pincode'
              : undefined;
      if (!field) return null;
      return reference ? set(field, reference) : 'emptyReference';
    }
    case 'TDT': {
      if (level !== 'message' || qualifier !== '20') return null;
      // A call sign has no field on a bill of lading (releases spec §3): it is not kept.
      const { lloydsNumber } = coreorVesselIdentification(
        componentOf(segment, 7, 0),
        componentOf(segment, 7, 1),
      );
      return (
        set('voyageNumber', componentOf(segment, 1)) ??
        set('lloydsNumber', lloydsNumber ?? '') ??
        set('vessel', componentOf(segment, 7, 3))
      );
    }
    case 'LOC':
      return readLocation(segment, qualifier, level, set);
    case 'DTM': {
      const field = qualifier === '7' ? 'validFrom' : qualifier === '36' ? 'validUntil' : null;
      if (!field) return null;
      const date = coreorDate(componentOf(segment, 0, 1), componentOf(segment, 0, 2));
      return date === 'dateFormat' || date === 'dateInvalid' ? date : set(field, date);
    }
    default:
      return null;
  }
}

function readLocation(
  segment: EdifactSegment,
  qualifier: string,
  level: 'message' | 'equipment',
  set: (field: CoreorField, value: string) => CoreorReason | null,
): CoreorReason | null {
  const place = componentOf(segment, 1);
  const terminal = componentOf(segment, 2);
  const known = ['9', '11', '117', '99'];
  if (!known.includes(qualifier)) return null;
  if (!place && !terminal) return 'locationMissing';
  if (qualifier === '117') {
    return set('pickupLocation', terminal || place) ?? (terminal ? set('pickupPort', place) : null);
  }
  if (qualifier === '99') return set('turnInLocation', terminal || place);
  if (level !== 'message') return null;
  return set(qualifier === '9' ? 'portOfLoading' : 'portOfDestination', place);
}

function releaseOf(
  group: { eqd: EdifactSegment; values: Values; errors: CoreorError[] },
  shared: Values,
  fn: CoreorFunction | null,
  today: IsoDate,
  at: (segment: EdifactSegment) => CoreorSource,
): CoreorRelease {
  const values: Values = { ...shared, ...group.values };
  const value = (field: CoreorField) => values[field]?.value;
  const eqd = at(group.eqd);
  const errors = [...group.errors];
  if (!value('blNumber')) errors.push({ ...eqd, reason: 'blMissing' });
  if (fn === 'original' && !value('pickupLocation'))
    errors.push({ ...eqd, reason: 'pickupMissing' });
  const defaults = releaseDefaults(today);
  const sources = Object.fromEntries(
    Object.entries(values).map(([field, found]) => [field, found!.source]),
  ) as CoreorRelease['sources'];
  return {
    blNumber: value('blNumber') ?? '',
    containerNumber: value('containerNumber') ?? '',
    segment: eqd.segment,
    position: eqd.position,
    sources,
    errors,
    input: {
      billOfLading: {
        blNumber: value('blNumber') ?? '',
        vessel: value('vessel'),
        voyageNumber: value('voyageNumber'),
        lloydsNumber: value('lloydsNumber'),
        stayNumber: value('stayNumber'),
        portOfLoading: value('portOfLoading'),
        portOfDestination: value('portOfDestination'),
      },
      container: {
        containerNumber: value('containerNumber') ?? '',
        isoTypeCode: value('isoTypeCode') ?? defaults.isoTypeCode,
        pickupLocation: value('pickupLocation') ?? '',
        turnInLocation: value('turnInLocation'),
        validFrom: value('validFrom') ?? defaults.validFrom,
        validUntil: value('validUntil') ?? defaults.validUntil,
        ...(value('pincode') ? { pincode: value('pincode') } : {}),
      },
    },
  };
}

/** The fields a replace changes: the editable ones its message sets (releases spec §3). */
export function coreorEdit(release: CoreorRelease): ReleaseEdit {
  const edit: ReleaseEdit = {};
  const { billOfLading: bl, container: c } = release.input;
  const fields = {
    vessel: bl.vessel,
    voyageNumber: bl.voyageNumber,
    lloydsNumber: bl.lloydsNumber,
    stayNumber: bl.stayNumber,
    portOfLoading: bl.portOfLoading,
    portOfDestination: bl.portOfDestination,
    pickupLocation: c.pickupLocation,
    turnInLocation: c.turnInLocation,
    validUntil: c.validUntil,
  } as const;
  for (const [field, value] of Object.entries(fields)) {
    if (release.sources[field as CoreorField] && value) edit[field as keyof typeof fields] = value;
  }
  return edit;
}

/**
 * A refused release field (the create or edit command's field → message key) as the error of
 * the segment that set it, or of the EQD when the message did not set it (a default).
 */
export function coreorFieldError(release: CoreorRelease, field: string, key: string): CoreorError {
  const known = field.replace(/^(billOfLading|container)\./, '') as CoreorField;
  const source = release.sources[known] ?? { segment: release.segment, position: release.position };
  return { ...source, reason: 'invalidField', field: known, detail: key };
}
