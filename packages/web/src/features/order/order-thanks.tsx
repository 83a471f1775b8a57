import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTypedDate, type OrderView } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useOrderFormats } from './use-euro.ts';

/** Step 1 of /order (access spec §2, §4 "Premium order"): the thank-you after a placed order. */
export function OrderThanks(props: { order: OrderView }) {
  const { t } = useTranslation();
  const { euro, region } = useOrderFormats();
  const { order } = props;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="order-thanks">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckCircleOutlineIcon color="success" />
          <Typography component="h2" variant="h5">
            {t('order.thanks.title')}
          </Typography>
        </Stack>
        <Typography>
          {t('order.thanks.text', {
            email: order.orderedBy.email,
            date: formatTypedDate(order.startDate),
          })}
        </Typography>
        <Typography data-testid="order-thanks-summary">
          {t('order.thanks.summary', {
            id: order.id,
            fee: euro(order.monthlyFee),
            formula: t(`order.formulas.${order.formula}`),
            locations: order.locations.map(region).join(', '),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`order.fee.invoice.${order.invoiceFrequency}`, {
            amount: euro(order.invoiceAmount),
          })}
        </Typography>
        <Button component={RouterLink} to="/" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          {t('order.thanks.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
