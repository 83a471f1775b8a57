/**
 * Issue 15: each locale is downloaded in two parts. `core` is what the first page (sign-in, the
 * shell, the gates, the error texts) shows; `features` holds the large groups of the signed-in
 * pages, fetched with the first of those pages (`loadFeatureStrings`). A group not listed here
 * stays in `core`, so a new group is never missing, only a little early.
 */
export const featureGroups: readonly string[] = [
  'releases',
  'order',
  'documents',
  'transporters',
  'requestsForRelease',
  'assignment',
  'gate',
  'premium',
  'securePickup',
  'settings',
  'nmot',
  'itsme',
  'tickets',
  'admin',
  'dashboard',
  'bulk',
  'downloads',
  'pcs',
  'greenLights',
  'webhooks',
  'apiDocs',
];

export type LocalePart = 'core' | 'features';

/** The part of a locale's top-level groups. */
export function localePart(
  strings: Record<string, unknown>,
  part: LocalePart,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(strings).filter(
      ([group]) => featureGroups.includes(group) === (part === 'features'),
    ),
  );
}
