import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import {
  overviewFilterFields,
  sliceTranslationKey,
  type DashboardSlice,
  type OverviewFilter,
  type ReleaseStatus,
  type TransferStatus,
  type ValidityFilter,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** One active filter as "Label: value", with select values translated. */
function describeField(t: TFunction, field: keyof OverviewFilter, value: string): string {
  const shown =
    field === 'valid'
      ? t(`releases.validity.${value as ValidityFilter}`)
      : field === 'releaseStatus'
        ? t(`releases.releaseStatus.${value as ReleaseStatus}`)
        : field === 'transferStatus'
          ? t(`releases.transferStatus.${value as TransferStatus}`)
          : value;
  return `${t(`releases.filter.fields.${field}`)}: ${shown}`;
}

/** A dashboard slice as "Chart: slice" (issue 13 item 3). */
export function describeSlice(t: TFunction, slice: DashboardSlice): string {
  const key = sliceTranslationKey(slice.field, slice.value);
  return `${t(`releases.dashboard.charts.${slice.field}`)}: ${key ? t(key) : slice.value}`;
}

/** The parts of "Showing results for …": the search, each active filter, the dashboard slice. */
export function resultsDescription(
  t: TFunction,
  search: string,
  filter: OverviewFilter,
  slice: DashboardSlice | null = null,
): string {
  const parts = search.trim() ? [`“${search.trim()}”`] : [];
  if (slice) parts.push(describeSlice(t, slice));
  for (const field of overviewFilterFields) {
    const value = filter[field];
    if (!value || (field === 'valid' && value === 'showOnlyValid')) continue;
    parts.push(describeField(t, field, value));
  }
  return parts.join(' · ');
}

export interface ResultsBannerProps {
  search: string;
  filter: OverviewFilter;
  slice?: DashboardSlice | null;
  onShowAll: () => void;
}

/** Releases spec §2: "Showing results for …" with a show-all button, while a filter is active. */
export function ResultsBanner({ search, filter, slice = null, onShowAll }: ResultsBannerProps) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      data-testid="results-banner"
      action={
        <Button color="inherit" size="small" onClick={onShowAll} data-testid="results-show-all">
          {t('releases.banner.showAll')}
        </Button>
      }
    >
      {t('releases.banner.showing', { what: resultsDescription(t, search, filter, slice) })}
    </Alert>
  );
}
