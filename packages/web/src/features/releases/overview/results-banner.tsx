import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import {
  overviewFilterFields,
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

/** The parts of "Showing results for …": the search, then each active filter. */
export function resultsDescription(t: TFunction, search: string, filter: OverviewFilter): string {
  const parts = search.trim() ? [`“${search.trim()}”`] : [];
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
  onShowAll: () => void;
}

/** Releases spec §2: "Showing results for …" with a show-all button, while a filter is active. */
export function ResultsBanner({ search, filter, onShowAll }: ResultsBannerProps) {
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
      {t('releases.banner.showing', { what: resultsDescription(t, search, filter) })}
    </Alert>
  );
}
