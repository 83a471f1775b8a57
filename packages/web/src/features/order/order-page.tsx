import MailOutlineIcon from '@mui/icons-material/MailOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../api/app-info.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import {
  organisationSizes,
  premiumFormulas,
  premiumLocations,
  premiumPrices,
} from './premium-prices.ts';

/**
 * /order: what SCR Premium costs (access spec §9) and how to order it. Always reachable, also
 * with an expired subscription (§4). Ordering online arrives with the order form; until then
 * the support desk takes orders by e-mail.
 */
export function OrderPage() {
  const { t, i18n } = useTranslation();
  const { data: info } = useAppInfo();
  const language = currentLanguage(i18n);
  const euro = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  });
  const regions = new Intl.DisplayNames([language], { type: 'region' });
  const supportEmail = info?.supportEmail ?? null;
  const mailto = supportEmail
    ? `mailto:${supportEmail}?subject=${encodeURIComponent(t('order.mailSubject'))}`
    : null;

  return (
    <Box data-testid="order-page" sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600, mb: 1 }}>
        {t('order.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('order.intro')}
      </Typography>
      <TableContainer component={Paper} variant="outlined" sx={{ mb: 2 }}>
        <Table aria-label={t('order.tableLabel')} data-testid="order-prices">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '36%' }}>{t('order.formula')}</TableCell>
              {organisationSizes.map((size) => (
                <TableCell key={size} align="right">
                  {t(`order.size.${size}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {premiumFormulas.map((formula) => (
              <TableRow key={formula}>
                <TableCell component="th" scope="row">
                  <Typography sx={{ fontWeight: 600 }}>{t(`order.formulas.${formula}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`order.formulaText.${formula}`)}
                  </Typography>
                </TableCell>
                {organisationSizes.map((size) => (
                  <TableCell key={size} align="right">
                    <Typography sx={{ fontWeight: 600 }}>
                      {euro.format(premiumPrices[formula].price[size])}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      {t(premiumPrices[formula].perLocation ? 'order.perLocation' : 'order.flat')}
                    </Typography>
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('order.lowestApplies')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('order.locations', {
          locations: premiumLocations.map((code) => regions.of(code) ?? code).join(', '),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('order.invoicing')}
      </Typography>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('order.howTitle')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{mailto ? t('order.how') : t('order.howNoEmail')}</Typography>
      {mailto ? (
        <Button
          variant="contained"
          href={mailto}
          startIcon={<MailOutlineIcon />}
          data-testid="order-contact"
        >
          {t('order.contact')}
        </Button>
      ) : null}
    </Box>
  );
}
