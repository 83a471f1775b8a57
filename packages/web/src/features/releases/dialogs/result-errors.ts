import {
  errorTranslationKey,
  isClosedReason,
  isErrorCode,
  type ContainerRow,
  type ReleaseChange,
} from '@scr/domain';
import type { TFunction } from 'i18next';

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
