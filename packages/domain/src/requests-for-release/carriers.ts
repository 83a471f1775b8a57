import { todayInBrussels, type IsoDate } from '../dates.ts';
import {
  isSubscriptionActive,
  requestForReleasePlanId,
  type Subscription,
} from '../subscriptions.ts';

/**
 * Access spec §9 and releases spec §6: "The list of carriers offered in a request for release
 * comes from the remark of subscription 11 (a list of organisation ids)". The ids of the active
 * plan-11 subscriptions' remarks, in order, each once; anything in a remark that is not a whole
 * positive number (a name, a stray word) is ignored.
 */
export function requestCarrierIds(
  subscriptions: readonly Subscription[],
  today: IsoDate = todayInBrussels(),
): number[] {
  const ids: number[] = [];
  for (const subscription of subscriptions) {
    if (subscription.subscriptionId !== requestForReleasePlanId) continue;
    if (!isSubscriptionActive(subscription, today)) continue;
    for (const word of (subscription.remark ?? '').split(/[\s,;]+/)) {
      if (!/^\d{1,9}$/.test(word)) continue;
      const id = Number(word);
      if (id > 0 && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

/**
 * Releases spec §5 "Request for release": "For one named carrier the BL must start with HLCU".
 * HLCU is the prefix of Hapag-Lloyd's BL numbers; the carrier is known by its name.
 */
const blPrefixRules: readonly { carrierName: RegExp; prefixes: readonly string[] }[] = [
  { carrierName: /hapag[\s-]*lloyd/i, prefixes: ['HLCU'] },
];

/** The prefixes a BL for this carrier must start with (§5); empty when any BL will do. */
export function requiredBlPrefixes(carrierName: string): readonly string[] {
  return blPrefixRules.find((rule) => rule.carrierName.test(carrierName))?.prefixes ?? [];
}

/** Whether the BL number starts with one of the prefixes (none means any BL will do). */
export function blHasPrefix(blNumber: string, prefixes: readonly string[]): boolean {
  const bl = blNumber.trim().toUpperCase();
  return prefixes.length === 0 || prefixes.some((prefix) => bl.startsWith(prefix));
}
