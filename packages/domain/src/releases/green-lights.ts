import type { Features } from '../features.ts';
import type { ReleaseStatus } from './release.ts';

/**
 * Releases spec §3 "Traffic-light (Green Lights) data" and §4 "Traffic light", "Green Light
 * event values": the port's status system reports, per release, seven kinds of events; each
 * value has a colour, and the colours make the release's total light.
 */
export const greenLightKinds = [
  'commercialrelease',
  'terminaloperation',
  'terminalready',
  'customs',
  'customsprogress',
  'gateoperation',
  'pickuplight',
] as const;
export type GreenLightKind = (typeof greenLightKinds)[number];

/** Releases spec §4 "Colors: yellow, green, gray, otherwise other": red is the other one. */
export const greenLightColors = ['green', 'yellow', 'gray', 'red'] as const;
export type GreenLightColor = (typeof greenLightColors)[number];

/**
 * Every value of each kind with its colour (§4 "Green Light event values"). Terminal ready and
 * customs progress have no values in the spec; these are what a port's status system reports
 * for them (ready or not; customs pending, in progress, completed).
 */
export const greenLightValues = {
  commercialrelease: {
    ok: 'green',
    nok: 'red',
    blocked: 'red',
    expired: 'red',
    archived: 'gray',
    unknown: 'gray',
  },
  customs: {
    released: 'green',
    notReleased: 'red',
    documentaryControl: 'yellow',
    selectedForScan: 'yellow',
    portEqualisation: 'green',
    transhipment: 'green',
    favv: 'yellow',
    manualOverwrite: 'green',
    notApplicable: 'gray',
  },
  gateoperation: { gateOutReceived: 'green', cancelled: 'gray' },
  pickuplight: { assigned: 'green', revoked: 'red', unknown: 'gray' },
  terminaloperation: {
    discharged: 'green',
    gateIn: 'green',
    loaded: 'gray',
    dischargedCancelled: 'red',
    gateInCancelled: 'red',
    loadedCancelled: 'gray',
  },
  terminalready: { ready: 'green', notReady: 'red', unknown: 'gray' },
  customsprogress: {
    completed: 'green',
    inProgress: 'yellow',
    pending: 'yellow',
    unknown: 'gray',
  },
} as const satisfies Record<GreenLightKind, Record<string, GreenLightColor>>;

/** A kind's values, as the API and the locale files name them. */
export type GreenLightValue<K extends GreenLightKind = GreenLightKind> =
  keyof (typeof greenLightValues)[K] & string;

/** One kind's light on a release (§3: value, color, updatedAt). */
export interface GreenLight {
  value: string;
  color: GreenLightColor;
  /** When the port's system saw it (ISO-8601 UTC), or when the portal received it. */
  updatedAt: string;
  /** The sender gave no time: `updatedAt` is the portal's receipt, not the sender's clock. */
  stampedOnReceipt?: true;
}

/** A release's traffic light (§3): the lights received so far, the total, who sent them. */
export interface GreenLights {
  events: Partial<Record<GreenLightKind, GreenLight>>;
  total: GreenLightColor;
  /** The name of the organisation whose status system sent the latest event. */
  source: string;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Whether a text names one of the seven kinds ("Customs Progress", "customs_progress"…). */
export function greenLightKind(text: string): GreenLightKind | null {
  const key = squash(text);
  return greenLightKinds.find((kind) => kind === key) ?? null;
}

/**
 * The value of a kind a text names, whatever its spelling ("not released", "NOT_RELEASED",
 * "notReleased", "FAVV"), or null when the kind has no such value.
 */
export function greenLightValue(kind: GreenLightKind, text: string): string | null {
  const key = squash(text);
  return Object.keys(greenLightValues[kind]).find((value) => squash(value) === key) ?? null;
}

/** The colour of a kind's value (§4). */
export function greenLightColor(kind: GreenLightKind, value: string): GreenLightColor {
  return (greenLightValues[kind] as Record<string, GreenLightColor>)[value] ?? 'gray';
}

/** The kinds that must all be green before a container may be picked up. */
export const pickupKinds: readonly GreenLightKind[] = [
  'commercialrelease',
  'customs',
  'terminalready',
];

/**
 * The total light: red when any light is red, else yellow when any is yellow, else green once
 * the commercial release, customs and the terminal are all green, else gray (not known yet).
 */
export function totalGreenLight(events: GreenLights['events']): GreenLightColor {
  const colors = Object.values(events).map((light) => light!.color);
  if (colors.includes('red')) return 'red';
  if (colors.includes('yellow')) return 'yellow';
  return pickupKinds.every((kind) => events[kind]?.color === 'green') ? 'green' : 'gray';
}

/** One event of the port's status system, already read (`greenLightKind`, `greenLightValue`). */
export interface GreenLightEvent {
  kind: GreenLightKind;
  value: string;
  /** When the port's system saw it (ISO-8601 UTC); the receipt when `stampedOnReceipt`. */
  at: string;
  /** The sender gave no time, so `at` is when the portal received the event. */
  stampedOnReceipt?: boolean;
}

/**
 * A release's lights after one event: its kind's light replaced, unless it is stale. Events may
 * arrive out of order, so one is stale when it and the light held both carry the sender's time
 * and the held one is newer. A time the portal stamped on receipt is another clock: an event
 * without the sender's time, or one following a light stamped on receipt, is ordered by
 * arrival (it is the newest). The same value again changes nothing, unless the sender dates it
 * anew. Answers whether anything changed.
 */
export function applyGreenLightEvent(
  current: GreenLights | null,
  event: GreenLightEvent,
  source: string,
): { lights: GreenLights; changed: boolean; stale: boolean } {
  const events = { ...(current?.events ?? {}) };
  const held = events[event.kind];
  const unchanged = {
    lights: current ?? { events, total: 'gray' as const, source },
    changed: false,
  };
  const bothSenderTimes = !!held && !held.stampedOnReceipt && !event.stampedOnReceipt;
  if (held && bothSenderTimes && Date.parse(held.updatedAt) > Date.parse(event.at))
    return { ...unchanged, stale: true };
  const sameValue = held?.value === event.value;
  if (held && sameValue && (event.stampedOnReceipt || held.updatedAt === event.at)) {
    return { ...unchanged, stale: false };
  }
  events[event.kind] = {
    value: event.value,
    color: greenLightColor(event.kind, event.value),
    updatedAt: event.at,
    ...(event.stampedOnReceipt ? { stampedOnReceipt: true as const } : {}),
  };
  return {
    lights: { events, total: totalGreenLight(events), source },
    changed: true,
    stale: false,
  };
}

/**
 * Releases spec §4 "Release status": customs has selected the container for scan, so the
 * release is `blockedForScanning` until customs releases it.
 */
export function heldForScan(lights: GreenLights | null | undefined): boolean {
  return lights?.events.customs?.value === 'selectedForScan';
}

/**
 * The release status once its lights are `lights` (releases spec §4): a released release whose
 * container customs selects for scan becomes `blockedForScanning`; when customs then gives a
 * green value (released, port equalisation, transhipment, manual overwrite) it returns to its
 * unblocked state, `unblocked` (released, or expired if its validity passed meanwhile). A
 * carrier's block, an expiry, a deletion or a gate-out are left as they are (an unblock later
 * finds the scan: `unblockedStatus`).
 */
export function statusAfterLights(
  status: ReleaseStatus,
  lights: GreenLights | null | undefined,
  unblocked: 'released' | 'expired',
): ReleaseStatus {
  if (heldForScan(lights)) return status === 'released' ? 'blockedForScanning' : status;
  if (status === 'blockedForScanning' && lights?.events.customs?.color === 'green')
    return unblocked;
  return status;
}

/** Releases spec §4 "Traffic light": shown for BEANR only, never at these terminals. */
export const greenLightsPort = 'BEANR';
export const terminalsWithoutGreenLights: readonly string[] = ['CSP120', 'K420', '120', '420'];

/**
 * Whether a release shows its traffic light (§4 "Traffic light", §6 canGreenLights): the viewer
 * has canGreenLights, and the release is picked up at a BEANR terminal that shows them (not
 * CSP120, K420, 120 or 420, nor one whose display is turned off).
 */
export function showsGreenLights(
  terminal: { code: string; portLocode: string | null; greenLightsShown: boolean } | null,
  features: Pick<Features, 'canGreenLights'>,
): boolean {
  if (!features.canGreenLights || !terminal) return false;
  return (
    terminal.portLocode === greenLightsPort &&
    terminal.greenLightsShown &&
    !terminalsWithoutGreenLights.includes(terminal.code.trim().toUpperCase())
  );
}
