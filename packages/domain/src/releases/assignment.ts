import type { Assignee, IdentificationType, TransporterType } from '../api/transporters.ts';
import type { FeatureFlag, Features } from '../features.ts';

/**
 * Releases spec §5 "Assign identification" and access spec §5: whether a driver, barge or train
 * can be assigned releases at their pick-up terminals, per release (the server refuses the
 * release) and over a selection (the dialog disables Assign and says why). §8 "Per-release
 * reasons": missing alfaPass, itsme or port-account registration; "not a pilot terminal or
 * carrier" is the chain table's `notSecurePickup`.
 */
export const assignmentRefusalMessages = {
  /** The terminal checks the alfaPass and the driver has none (or another identification was sent). */
  missingAlfaPass:
    'This terminal identifies drivers by alfaPass: the driver has no alfaPass number.',
  /** The terminal checks the alfaPass and the organisation has no connection to its system. */
  noTerminalConnection:
    'This terminal identifies drivers by alfaPass: your organisation has no connection to the terminal system.',
  /** The terminal checks itsme and the driver is not registered with itsme. */
  missingItsme:
    'This terminal identifies drivers with itsme: the driver is not registered with itsme.',
  /** Antwerp: the organisation has no linked port-community account. */
  missingPortAccount:
    'Assigning in Antwerp needs a linked port-community account for your organisation.',
  noIdentificationMethod: 'No identification method was configured for the selected terminal(s).',
  /** The selection spans terminals that identify drivers differently (one assignment, one identification). */
  mixedIdentificationMethods:
    'The selected terminals identify drivers differently: assign their releases separately.',
} as const;
export type AssignmentRefusal = keyof typeof assignmentRefusalMessages;

/** How a terminal identifies a driver at the gate (its `identification_method`), or not at all. */
export type TerminalIdentificationMethod = 'alfapass' | 'itsme' | null;

/** The port whose assignments need a linked port-community account (spec §5: "Antwerp"). */
export const portAccountLocode = 'BEANR';

/**
 * Releases spec §5 and access spec §5: ports whose rule names how a driver is identified,
 * whatever their terminals are set to: alfaPass for pick-ups in Antwerp, itsme at Port of
 * Limburg (Genk, BEGNK). Elsewhere a terminal's own method applies.
 */
export const portIdentificationMethods: Readonly<Record<string, 'alfapass' | 'itsme'>> = {
  BEANR: 'alfapass',
  BEGNK: 'itsme',
};

/** How a driver is identified for a pick-up at this terminal: its port's rule, else its own. */
export function identificationMethodAt(
  terminal: Pick<AssignmentTerminal, 'identificationMethod' | 'portLocode'>,
): TerminalIdentificationMethod {
  const byPort = terminal.portLocode ? portIdentificationMethods[terminal.portLocode] : undefined;
  return byPort ?? terminal.identificationMethod;
}

/** What the rules know of one release's pick-up terminal, as the assigning organisation stands to it. */
export interface AssignmentTerminal {
  code: string;
  identificationMethod: TerminalIdentificationMethod;
  portLocode: string | null;
  /** The organisation has a finalised connection to the terminal's organisation (its system). */
  connected: boolean;
}

/** The assigning organisation's standing. */
export interface AssigningOrganization {
  /** A linked port-community account (C-Point in Antwerp). */
  portCommunityLinked: boolean;
}

/** The identification type each kind of transporter is assigned with, barges and trains fixed. */
export function identificationTypesOf(type: TransporterType): readonly IdentificationType[] {
  if (type === 'barge') return ['eni'];
  if (type === 'train') return ['train'];
  return ['alfapass', 'itsme'];
}

/** The feature flag that gates each tab of the dialog and each assignment (releases spec §6). */
export const assignmentFeatures = {
  driver: 'canAssignDriver',
  barge: 'canAssignBarge',
  train: 'canAssignTrain',
} as const satisfies Record<TransporterType, FeatureFlag>;

/** The kinds of transporter the organisation may assign to, in tab order. */
export function assignableTypes(features: Partial<Features>): TransporterType[] {
  return (['driver', 'barge', 'train'] as const).filter(
    (type) => features[assignmentFeatures[type]] === true,
  );
}

/**
 * Spec §5 per release: why this assignee cannot be assigned a release picked up at this
 * terminal, or null. Antwerp needs the port-community account whatever the transporter; a
 * driver is identified by the port's method where a port rule names one, else the terminal's
 * (alfaPass with a connection to the terminal system, or itsme); a terminal without either
 * cannot identify a driver. Barges and trains
 * are known by their ENI number and train code.
 */
export function identificationRefusal(
  assignee: Pick<Assignee, 'type' | 'identificationType'>,
  terminal: AssignmentTerminal,
  organization: AssigningOrganization,
): AssignmentRefusal | null {
  if (terminal.portLocode === portAccountLocode && !organization.portCommunityLinked) {
    return 'missingPortAccount';
  }
  if (assignee.type !== 'driver') return null;
  const method = identificationMethodAt(terminal);
  if (method === 'alfapass') {
    if (assignee.identificationType !== 'alfapass') return 'missingAlfaPass';
    return terminal.connected ? null : 'noTerminalConnection';
  }
  if (method === 'itsme') {
    return assignee.identificationType === 'itsme' ? null : 'missingItsme';
  }
  return 'noIdentificationMethod';
}

/** A driver, barge or train as the dialog lists it: its identifiers. */
export type AssignableTransporter =
  | { type: 'driver'; alfaPass: string | null; itsmeCode: string | null }
  | { type: 'barge'; eniNumber: string }
  | { type: 'train'; trainCode: string };

/** The identification an assignment would bind, or why there is none (the dialog's warning). */
export type IdentificationChoice =
  { ok: true; assignee: Assignee } | { ok: false; reason: AssignmentRefusal };

/**
 * Spec §5 over a selection: the one identification that satisfies the terminals of all the
 * selected releases for this transporter, or the first reason why none does. "The Assign
 * button is disabled without identification."
 */
export function chooseIdentification(
  transporter: AssignableTransporter,
  terminals: readonly AssignmentTerminal[],
  organization: AssigningOrganization,
): IdentificationChoice {
  const candidates = candidateAssignees(transporter, terminals);
  if ('reason' in candidates) return { ok: false, reason: candidates.reason };
  let firstReason: AssignmentRefusal | null = null;
  for (const assignee of candidates) {
    const reason = terminals
      .map((terminal) => identificationRefusal(assignee, terminal, organization))
      .find((found) => found !== null);
    if (!reason) return { ok: true, assignee };
    firstReason ??= reason;
  }
  return { ok: false, reason: firstReason ?? 'noIdentificationMethod' };
}

function candidateAssignees(
  transporter: AssignableTransporter,
  terminals: readonly AssignmentTerminal[],
): Assignee[] | { reason: AssignmentRefusal } {
  if (transporter.type === 'barge') {
    return [{ type: 'barge', identification: transporter.eniNumber, identificationType: 'eni' }];
  }
  if (transporter.type === 'train') {
    return [{ type: 'train', identification: transporter.trainCode, identificationType: 'train' }];
  }
  const methods = new Set(terminals.map(identificationMethodAt));
  if (methods.has(null)) return { reason: 'noIdentificationMethod' };
  if (methods.size > 1) return { reason: 'mixedIdentificationMethods' };
  const method = [...methods][0];
  if (method === 'itsme') {
    return transporter.itsmeCode
      ? [{ type: 'driver', identification: transporter.itsmeCode, identificationType: 'itsme' }]
      : { reason: 'missingItsme' };
  }
  return transporter.alfaPass
    ? [{ type: 'driver', identification: transporter.alfaPass, identificationType: 'alfapass' }]
    : { reason: 'missingAlfaPass' };
}

/** What the dialog knows of the current assignments of the selection (`info`). */
export interface AssignmentSpread {
  assignedDrivers: readonly string[];
  assignedBarges: readonly string[];
  assignedTrains: readonly string[];
  visitNumbers: readonly string[];
}

/**
 * Spec §5 "A warning appears when the selection spans several drivers, barges, trains or
 * visit numbers".
 */
export function spansSeveralAssignees(info: AssignmentSpread): boolean {
  const assignees =
    info.assignedDrivers.length + info.assignedBarges.length + info.assignedTrains.length;
  return assignees > 1 || info.visitNumbers.length > 1;
}

/** The longest visit number accepted (a terminal's visit reference). */
export const visitNumberMaxLength = 35;

/** A visit number as sent: trimmed, empty is none. */
export function normalizedVisitNumber(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}
