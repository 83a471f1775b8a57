import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatTypedDate, type PremiumQuote } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { useOrderFormats } from './use-euro.ts';

/**
 * The computed fee (access spec §9): the lowest formula's monthly price, the three compared,
 * what one invoice asks (twelve months when yearly), and the start date (§4).
 */
export function FeeSummary(props: { quote: PremiumQuote | null; startDate: string }) {
  const { t } = useTranslation();
  const { euro } = useOrderFormats();
  const { quote } = props;
  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }} data-testid="order-fee">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('order.fee.title')}
      </Typography>
      {quote ? (
        <>
          <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="order-fee-monthly">
            {t('order.fee.perMonth', { fee: euro(quote.monthlyFee) })}
          </Typography>
          <Typography sx={{ mb: 1 }} data-testid="order-fee-formula">
            {t('order.fee.formula', { formula: t(`order.formulas.${quote.formula}`) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('order.fee.compare', {
              single: euro(quote.formulas.single),
              global: euro(quote.formulas.global),
              multi: euro(quote.formulas.multi),
            })}
          </Typography>
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="order-fee-invoice">
            {t(`order.fee.invoice.${quote.frequency}`, { amount: euro(quote.invoiceAmount) })}
          </Typography>
        </>
      ) : (
        <Typography color="text.secondary">{t('order.fee.incomplete')}</Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="order-start-date">
        {t('order.fee.start', { date: formatTypedDate(props.startDate) })}
      </Typography>
    </Paper>
  );
}
