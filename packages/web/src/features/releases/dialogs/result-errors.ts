import {
  errorTranslationKey,
  isClosedReason,
  isErrorCode,
  type ContainerRow,
  type ReleaseChange,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import { byPlace, notOwnedReasons, place, type ReportGroups } from '../custody/custody-report.ts';

/** Why one release of a per-release answer was refused, in words. */
export function describeResultError(t: TFunction, result: ReleaseChange): string {
  const { error, fields } = result;
  if (fields && Object.keys(fields).length > 0) {
    return Object.entries(fields)
      .map(([field, key]) => {
        const label = t(`releases.columns.${field}`, { defaultValue: field });
        return `${label}: ${t(key, { defaultValue: t('releases.form.invalidField') })}`;
      })
      .join('; ');
  }
  // The release's state closes it to changes (domain `changeRefusal`), no catalogued error code.
  if (isClosedReason(error)) return t(`releases.refused.${error}`);
  // Not the caller's carrier's release, or no release at that address: one answer for both.
  if (error === 'notFound') return t('releases.refusal.notFound');
  if (isErrorCode(error)) return t(errorTranslationKey(error));
  return t('backend.unknownError', { text: String(error) });
}

/** The refused releases of a per-release answer as "container: reason". */
export function refusedLines(
  t: TFunction,
  results: readonly ReleaseChange[],
  rows: readonly ContainerRow[],
): string[] {
  const byAddress = new Map(rows.map((row) => [row.address, row.containerNumber]));
  return results
    .filter((result) => !!result.error)
    .map(
      (result) =>
        `${byAddress.get(result.address) ?? result.address}: ${describeResultError(t, result)}`,
    );
}

/**
 * A per-release answer (an edit of several releases) as the custody actions' report groups
 * (releases spec §7 "Handling of answers", §8 "Reports"): the changed releases, those not found
 * or not the caller's, and the others refused with why, each "BL : container", in BL order.
 */
export function changeReportGroups(
  t: TFunction,
  results: readonly ReleaseChange[],
  rows: readonly ContainerRow[],
): ReportGroups {
  const byAddress = new Map(rows.map((row) => [row.address, row]));
  const placed = results
    .map((result) => {
      const row = byAddress.get(result.address);
      return {
        result,
        blNumber: row?.blNumber ?? null,
        containerNumber: row?.containerNumber ?? null,
        text: place(row?.blNumber ?? null, row?.containerNumber ?? null, result.address),
      };
    })
    .sort(byPlace);
  const refused = placed.filter(({ result }) => !!result.error);
  const line = ({ result, text }: (typeof placed)[number]) =>
    `${text} — ${describeResultError(t, result)}`;
  return {
    succeeded: placed.filter(({ result }) => !result.error).map(({ text }) => text),
    notOwned: refused.filter(({ result }) => notOwnedReasons.has(result.error!)).map(line),
    pincodeFetched: [],
    errors: refused.filter(({ result }) => !notOwnedReasons.has(result.error!)).map(line),
  };
}
