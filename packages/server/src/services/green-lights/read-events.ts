import {
  greenLightKind,
  greenLightValue,
  normalizeContainerNumber,
  type GreenLightEvent,
  type PortStatusEventInput,
} from '@scr/domain';
import { appError } from '../../errors/app-error.ts';
import { normaliseReleaseAddress } from '../../releases/release-address.ts';

/** How far ahead of our clock an event's time may be (clocks differ a little). */
const clockSkewMs = 5 * 60 * 1000;

/** One event read: which release it names, and the event itself. */
export interface ReadEvent extends GreenLightEvent {
  releaseAddress: string | null;
  containerNumber: string | null;
  blNumber: string | null;
}

/**
 * Reads the events of one call (releases spec §4 "Green Light event values"): each names a
 * release (address, or container number), one of the seven kinds, one of its values, and a
 * time that is not in the future. Any event that cannot be read refuses the whole call (400,
 * `events.{i}.{field}`), so nothing changes.
 */
export function readEvents(events: readonly PortStatusEventInput[], now: Date): ReadEvent[] {
  const fields: Record<string, string> = {};
  const read = events.map((event, index): ReadEvent | null => {
    const at = `events.${index}`;
    const kind = greenLightKind(event.kind);
    if (!kind) fields[`${at}.kind`] = 'validation.invalid';
    const value = kind ? greenLightValue(kind, event.value) : null;
    if (kind && !value) fields[`${at}.value`] = 'validation.invalid';
    const time = event.at === undefined ? now : new Date(event.at);
    if (Number.isNaN(time.getTime()) || time.getTime() > now.getTime() + clockSkewMs) {
      fields[`${at}.at`] = 'validation.invalidDate';
    }
    const address = event.releaseAddress ? normaliseReleaseAddress(event.releaseAddress) : null;
    if (event.releaseAddress !== undefined && !address) {
      fields[`${at}.releaseAddress`] = 'validation.invalid';
    }
    if (!event.releaseAddress && !event.containerNumber) {
      fields[`${at}.containerNumber`] = 'validation.required';
    }
    if (!kind || !value) return null;
    return {
      kind,
      value,
      at: time.toISOString(),
      stampedOnReceipt: event.at === undefined,
      releaseAddress: address,
      containerNumber: event.containerNumber
        ? normalizeContainerNumber(event.containerNumber)
        : null,
      blNumber: event.blNumber?.trim() ?? null,
    };
  });
  if (Object.keys(fields).length > 0) {
    throw appError('validation_failed', {
      message: 'Some events name no release, or an unknown kind, value or time.',
      fields,
    });
  }
  return read as ReadEvent[];
}
