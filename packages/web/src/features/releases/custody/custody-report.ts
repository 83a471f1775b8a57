import { custodyRefusalKey, type CustodyAction, type RefusedRelease } from '@scr/domain';
import type { TFunction } from 'i18next';
import type { CustodyOutcome, FailedRelease } from './custody-flow.ts';

/**
 * Releases spec §8: non-ASCII characters are stripped from error text in transfer reports.
 * Only text from outside (the server's or the wallet's own words) goes through this; the
 * portal's translations keep their accents.
 */
export function stripNonAscii(text: string): string {
  return text
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The report's groups (releases spec §8 "Reports"), each line "BL : container" or with a reason. */
export interface ReportGroups {
  succeeded: string[];
  notOwned: string[];
  pincodeFetched: string[];
  errors: string[];
}

/** Refusals listed as "not found or not owned by you" rather than as errors. */
export const notOwnedReasons = new Set(['notOwned', 'notInChain', 'notFound']);

/** A release in a report: "BL : container" (its address when the container is not known). */
export const place = (blNumber: string | null, container: string | null, address: string) =>
  `${blNumber ?? '—'} : ${container ?? address}`;

/** Report lines in BL, then container order. */
export const byPlace = <T extends { blNumber: string | null; containerNumber: string | null }>(
  a: T,
  b: T,
) =>
  (a.blNumber ?? '').localeCompare(b.blNumber ?? '') ||
  (a.containerNumber ?? '').localeCompare(b.containerNumber ?? '');

/** Why the server refused one release, under the domain's key (`custodyRefusalKey`). */
export function refusalText(t: TFunction, action: CustodyAction, refused: RefusedRelease): string {
  return t(custodyRefusalKey(action, refused.reason), {
    defaultValue: stripNonAscii(refused.error || refused.reason),
  });
}

/** Why the wallet failed on one release: "Release not found in result array", or its words. */
export function failureText(t: TFunction, failed: FailedRelease): string {
  return failed.error === null
    ? t('releases.custody.notInWalletResult')
    : stripNonAscii(failed.error) || t('releases.custody.walletError');
}

export function refusedLine(t: TFunction, action: CustodyAction, refused: RefusedRelease) {
  const { blNumber, containerNumber, address } = refused;
  return `${place(blNumber, containerNumber, address)} — ${refusalText(t, action, refused)}`;
}

export function failedLine(t: TFunction, failed: FailedRelease) {
  const { blNumber, containerNumber, address } = failed;
  return `${place(blNumber, containerNumber, address)} — ${failureText(t, failed)}`;
}

/** An outcome as the report's lines, in BL and container order within each group. */
export function reportGroups(t: TFunction, outcome: CustodyOutcome): ReportGroups {
  const refused = [...outcome.refused].sort(byPlace);
  return {
    succeeded: [...outcome.applied]
      .sort(byPlace)
      .map((r) => place(r.blNumber, r.containerNumber, r.address)),
    notOwned: refused
      .filter((r) => notOwnedReasons.has(r.reason))
      .map((r) => refusedLine(t, outcome.action, r)),
    pincodeFetched: refused
      .filter((r) => r.reason === 'pincodeFetched')
      .map((r) => refusedLine(t, outcome.action, r)),
    errors: [
      ...refused
        .filter((r) => !notOwnedReasons.has(r.reason) && r.reason !== 'pincodeFetched')
        .map((r) => refusedLine(t, outcome.action, r)),
      ...[...outcome.failed].sort(byPlace).map((f) => failedLine(t, f)),
    ],
  };
}
