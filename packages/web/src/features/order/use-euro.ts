import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n.ts';
import { numberLocale } from '../../ui/formats.ts';

/** Whole euros and region names in the page's language. */
export function useOrderFormats() {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const euro = new Intl.NumberFormat(numberLocale(language), {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
  const regions = new Intl.DisplayNames([language], { type: 'region' });
  return {
    euro: (amount: number) => euro.format(amount),
    region: (code: string) => regions.of(code) ?? code,
  };
}
