import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { organisationSizes, premiumFormulas, premiumLocations, premiumPrices } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { useOrderFormats } from './use-euro.ts';

/** Access spec §9: the three formulas per size, per month, and what they cover. */
export function PriceTable() {
  const { t } = useTranslation();
  const { euro, region } = useOrderFormats();
  return (
    <>
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
                      {euro(premiumPrices[formula].price[size])}
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
        {t('order.locations', { locations: premiumLocations.map(region).join(', ') })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('order.invoicing')}
      </Typography>
    </>
  );
}
