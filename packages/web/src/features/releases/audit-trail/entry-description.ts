import type { TFunction } from 'i18next';
import { formatDay, formatMoment } from '../../../ui/formats.ts';

/**
 * One line of an audit-trail description as shown (releases spec §3 "The description is JSON
 * or plain text; special renderings exist for assign driver, terminal check and port-status
 * light updates").
 */
export type DescriptionLine =
  | { kind: 'text'; text: string }
  | { kind: 'driver'; text: string }
  | { kind: 'check'; text: string }
  | { kind: 'light'; text: string; color: string | null }
  | { kind: 'pair'; label: string; value: string; address?: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nothing about a pincode is ever shown, even were one stored by mistake. */
const hidden = /pincode/i;

const driverKeys = ['driverName', 'identification', 'identificationType'];
const lightKeys = ['light', 'event', 'value', 'color', 'colour', 'updatedAt'];

/** The description as stored: JSON (maybe sent as text) or plain text. */
function parsed(description: unknown): unknown {
  if (typeof description !== 'string') return description;
  const text = description.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return description;
  try {
    return JSON.parse(text);
  } catch {
    return description;
  }
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * The lines of a description: a driver's name and identification, a terminal check's result,
 * port-status lights with their colour and value, then every other JSON member as a
 * `key: value` pair (nested members flattened; known keys translated); plain text as is.
 */
export function descriptionLines(
  description: unknown,
  t: TFunction,
  names: Readonly<Record<string, string>> = {},
): DescriptionLine[] {
  return linesOf(description, t).map((line) => readable(line, names));
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Issue 15: values as the rest of the portal shows them: dates DD/MM/YYYY, moments on the
 * Brussels clock, and an organisation's address as its name (the address kept for a tooltip).
 */
function readable(line: DescriptionLine, names: Readonly<Record<string, string>>): DescriptionLine {
  if (line.kind !== 'pair') return line;
  const name = names[line.value];
  if (name) return { ...line, value: name, address: line.value };
  if (isoDay.test(line.value)) return { ...line, value: formatDay(line.value) };
  if (isoMoment.test(line.value)) return { ...line, value: formatMoment(line.value) };
  return line;
}

function linesOf(description: unknown, t: TFunction): DescriptionLine[] {
  const value = parsed(description);
  if (value === null || value === undefined || value === '') return [];
  if (!isObject(value)) {
    return Array.isArray(value) ? pairs('', value, t) : [{ kind: 'text', text: String(value) }];
  }
  const lines: DescriptionLine[] = [];
  // The acting user is named in the trail's own columns.
  const { userId: _userId, ...rest } = value as Json;
  // A terminal's gate check (DESIGN §3 "terminal check"): its result, then what was checked.
  if (isTerminalCheck(value)) {
    return [
      { kind: 'check', text: checkResult(value.result, t) },
      ...pairs('', without(rest, 'result'), t),
    ];
  }
  // What the PCS answered for a release sent to or revoked from it (issue 14 item 1).
  const pcs = pcsLine(value, t);
  if (pcs) return [pcs, ...pairs('', omit(rest, pcsKeys), t)];
  // An assign or unassign (issue 11): who the release was bound to, and the visit number.
  const assignment = assignmentLine(value, t);
  if (assignment) {
    const others = without(without(without(rest, 'assignee'), 'unassigned'), 'visitNumber');
    return [assignment, ...pairs('', others, t)];
  }
  if (driverKeys.some((key) => typeof value[key] === 'string')) {
    const id = [value.identificationType, value.identification].filter(Boolean).join(' ');
    const name = typeof value.driverName === 'string' ? value.driverName : '';
    lines.push({
      kind: 'driver',
      text: t('releases.auditTrail.describe.driver', {
        driver: [name, id && `(${id})`].filter(Boolean).join(' '),
      }),
    });
    for (const key of driverKeys) delete rest[key];
    if (rest.type === 'driver') delete rest.type;
  }
  if (value.result !== undefined && value.result !== null) {
    lines.push({ kind: 'check', text: checkResult(value.result, t) });
    delete rest.result;
  }
  if (value.color !== undefined || value.colour !== undefined) {
    lines.push(light(value.light ?? value.event, value, t));
    for (const key of lightKeys) delete rest[key];
  }
  for (const [key, member] of Object.entries(rest)) {
    if (isObject(member) && (member.color !== undefined || member.colour !== undefined)) {
      lines.push(light(key, member, t));
      delete rest[key];
    }
  }
  return [...lines, ...pairs('', rest, t)];
}

/**
 * "Assigned to driver Jef Van Damme (alfapass •••305), visit V-1" from an assign event's
 * `{assignee: {type, name, identificationMasked, identificationType}, visitNumber}`, or "Unassigned from
 * …" from an unassign's `{unassigned: {type, name}}`; null for any other description.
 */
function assignmentLine(value: Json, t: TFunction): DescriptionLine | null {
  const assignee = isObject(value.assignee) ? value.assignee : null;
  const ended = isObject(value.unassigned) ? value.unassigned : null;
  const who = assignee ?? ended;
  if (!who) return null;
  const type = typeof who.type === 'string' ? who.type : '';
  // The ledger records the identification masked (•••305), by its commitment; older events in clear.
  const id = [who.identificationType, who.identificationMasked ?? who.identification]
    .filter(Boolean)
    .join(' ');
  const name = [
    type && t(`releases.auditTrail.describe.assigneeType.${type}`, { defaultValue: type }),
    typeof who.name === 'string' ? who.name : '',
    id && `(${id})`,
  ]
    .filter(Boolean)
    .join(' ');
  const visit =
    assignee && typeof value.visitNumber === 'string' && value.visitNumber
      ? `, ${t('releases.auditTrail.describe.visitNumber', { visitNumber: value.visitNumber })}`
      : '';
  const key = assignee ? 'assigned' : 'unassigned';
  return {
    kind: 'driver',
    text: t(`releases.auditTrail.describe.${key}`, { assignee: name }) + visit,
  };
}

const pcsKeys = ['action', 'pcsResult', 'reason', 'message', 'reference'];

const omit = (value: Json, keys: readonly string[]): Json =>
  Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));

/**
 * "Transferred to PCS: accepted (CP-000012)" or "…: refused — the PCS's reason" from a
 * `pcsAnswer` event's `{action, pcsResult, reason?, message?, reference?}`; null otherwise.
 */
function pcsLine(value: Json, t: TFunction): DescriptionLine | null {
  if (typeof value.pcsResult !== 'string') return null;
  const action = t(`releases.auditTrail.operation.${String(value.action)}`, {
    defaultValue: String(value.action ?? ''),
  });
  const result = t(`releases.auditTrail.pcsResult.${value.pcsResult}`, {
    defaultValue: value.pcsResult,
  });
  const why = [value.reason, value.message].filter((part) => typeof part === 'string' && part);
  const reference = typeof value.reference === 'string' ? ` (${value.reference})` : '';
  return {
    kind: 'text',
    text: `${action}: ${result}${reference}${why.length > 0 ? ` — ${why.join(': ')}` : ''}`,
  };
}

/** The description of a "terminal check" event: its result and the checked value. */
function isTerminalCheck(value: Json): boolean {
  return typeof value.result === 'string' && 'checkedValue' in value;
}

const without = (value: Json, key: string): Json => {
  const { [key]: _dropped, ...rest } = value;
  return rest;
};

/** "Terminal check: allowed", or refused with the gate's reason (`gate.refusal.*`). */
function checkResult(result: unknown, t: TFunction): string {
  const text =
    result === 'allowed'
      ? t('gate.result.allowed')
      : typeof result === 'string' && t(`gate.refusal.${result}`, { defaultValue: '' })
        ? t('gate.result.refused', { reason: t(`gate.refusal.${result}`) })
        : shown(result);
  return t('releases.auditTrail.describe.check', { result: text });
}

function light(name: unknown, value: Json, t: TFunction): DescriptionLine {
  const color = (value.color ?? value.colour ?? null) as string | null;
  const colorName = color ? t(`releases.auditTrail.color.${color}`, { defaultValue: color }) : '';
  const label = name ? t(`releases.auditTrail.light.${String(name)}`, { defaultValue: name }) : '';
  return {
    kind: 'light',
    color,
    // A light without a value (the total of a port-status update) shows its colour alone.
    text: [
      label && `${label}:`,
      value.value === undefined ? '' : shown(value.value),
      colorName && `(${colorName})`,
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/** Members whose values are words of a list, by where their translations live. */
const valueWords: Readonly<Record<string, string>> = { modeOfTransport: 'nmot.mode' };

function pairs(path: string, value: Json | unknown[], t: TFunction): DescriptionLine[] {
  return Object.entries(value).flatMap(([key, member]): DescriptionLine[] => {
    if (hidden.test(key)) return [];
    const here = path ? `${path}.${key}` : key;
    if (isObject(member)) return pairs(here, member, t);
    if (Array.isArray(member) && member.some((item) => typeof item === 'object')) {
      return pairs(here, member, t);
    }
    const words = typeof member === 'string' ? valueWords[key] : undefined;
    const text =
      typeof member === 'boolean'
        ? t(`releases.auditTrail.${member ? 'yes' : 'no'}`)
        : words
          ? t(`${words}.${member as string}`, { defaultValue: member as string })
          : shown(member);
    return [{ kind: 'pair', label: label(key, t) ?? here, value: text }];
  });
}

/** A known key's name in the user's language, or undefined for any other key. */
function label(key: string, t: TFunction): string | undefined {
  for (const candidate of [
    `releases.auditTrail.field.${key}`,
    `releases.columns.${key}`,
    `gate.field.${key}`,
  ]) {
    const text = t(candidate, { defaultValue: '' });
    if (text) return text;
  }
  return undefined;
}

/** The lines as one text (the CSV cell). */
export function descriptionText(lines: readonly DescriptionLine[]): string {
  return lines
    .map((line) =>
      line.kind === 'pair'
        ? `${line.label}: ${line.value}${line.address ? ` (${line.address})` : ''}`
        : line.text,
    )
    .join('; ');
}
