import type { GreenLightColor, GreenLights } from '../releases/green-lights.ts';

/** At most this many events in one call of the port's status system. */
export const maxPortStatusEvents = 500;

/**
 * One event of the port's status system (releases spec §3 "Traffic-light (Green Lights) data",
 * §4 "Green Light event values"; DESIGN §4 "port status"): which release, by its address or by
 * its container number (and BL number, when several BLs carry the container), the kind, its
 * value (spelt as the spec or in camelCase), and when the port's system saw it.
 */
export interface PortStatusEventInput {
  releaseAddress?: string;
  containerNumber?: string;
  blNumber?: string;
  kind: string;
  value: string;
  /** ISO-8601; now when absent. */
  at?: string;
}

/** `POST port-status/events`, with an API key of scope `port-status:write`. */
export interface PortStatusEventsRequest {
  events: PortStatusEventInput[];
}

/**
 * What became of one event, in the order sent: applied to these releases (with their lights
 * now); `unchanged` when the release already showed it; `stale` when a newer event of its kind
 * was applied before; `notFound` when no live release of the container is in the sender's port
 * scope (a release elsewhere is not found either, so its existence does not leak).
 */
export interface PortStatusEventResult {
  index: number;
  status: 'applied' | 'unchanged' | 'stale' | 'notFound';
  releases: { address: string; total: GreenLightColor; lights: GreenLights }[];
}

export interface PortStatusEventsAnswer {
  results: PortStatusEventResult[];
}
