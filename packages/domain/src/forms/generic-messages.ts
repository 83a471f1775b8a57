import { orderFormMessages } from '../premium/order.ts';
import { releaseFormMessages } from '../releases/validation.ts';
import { requestForReleaseFormMessages } from '../requests-for-release/validation.ts';
import { ticketFormMessages } from '../tickets/validation.ts';
import { transporterFormMessages } from '../transporters/validation.ts';
import type { FormMessage } from './form-messages.ts';

/**
 * Every form's messages said with the generic templates (releases spec §5, access spec §5
 * "Generic form messages"), under the translation key a field's problem carries, whether the
 * form found it or the server answered it (`transporters.validation.firstNameRequired`).
 */
const byKey: ReadonlyMap<string, FormMessage> = new Map(
  Object.entries({
    'releases.validation': releaseFormMessages,
    'requestsForRelease.validation': requestForReleaseFormMessages,
    'transporters.validation': transporterFormMessages,
    'tickets.validation': ticketFormMessages,
    'order.validation': orderFormMessages,
  }).flatMap(([prefix, messages]) =>
    Object.entries<FormMessage>(messages).map(([name, message]) => [`${prefix}.${name}`, message]),
  ),
);

/** The keys of every form's generic messages. */
export const genericFormMessageKeys: readonly string[] = [...byKey.keys()];

/** The generic message a field problem's key stands for; undefined for a message of its own. */
export function genericFormMessage(key: string): FormMessage | undefined {
  return byKey.get(key);
}
