import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { OrderOrganization, OrderView } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { describeApiError } from '../../api/errors.ts';
import { loginPathFor } from '../session/forward.ts';
import { useSession } from '../session/session-context.tsx';
import type { SessionUser } from '../session/session-user.ts';
import { orderKeys, orderOrganizations } from './order-api.ts';
import { OrderForm } from './order-form.tsx';
import { OrderThanks } from './order-thanks.tsx';
import { OrderWayOut } from './order-way-out.tsx';
import { PriceTable } from './price-table.tsx';
import { useOrderForm } from './use-order-form.ts';

/**
 * /order (access spec §2 "Order page"): always reachable, also with an expired subscription
 * (§4). Anyone sees the prices (§9); a signed-in user orders in two steps, the form (step 0)
 * and the thank-you (step 1).
 */
export function OrderPage() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  return (
    // Room below the submit button, which the cookie banner would otherwise cover.
    <Box data-testid="order-page" sx={{ maxWidth: 880, mx: 'auto', pb: 12 }}>
      <OrderWayOut />
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600, mb: 1 }}>
        {t('order.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('order.intro')}
      </Typography>
      <PriceTable />
      {status === 'restoring' ? (
        <CircularProgress aria-label={t('order.loading')} />
      ) : user ? (
        <SignedInOrder user={user} />
      ) : (
        <Box data-testid="order-sign-in">
          <Typography sx={{ mb: 2 }}>{t('order.signInText')}</Typography>
          <Button component={RouterLink} to={loginPathFor('/order')} variant="contained">
            {t('order.signIn')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** Reads the user's own organisation (its size and Premium end) before the form opens. */
function SignedInOrder({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const address = user.organization.address;
  const own = useQuery({
    queryKey: orderKeys.organizations([address]),
    queryFn: () => orderOrganizations([address]),
  });
  const mine = own.data?.find((org) => org.id === user.organizationId);
  if (own.isPending) return <CircularProgress aria-label={t('order.loading')} />;
  if (own.error || !mine) {
    return <Alert severity="error">{describeApiError(own.error ?? 'not_found', t)}</Alert>;
  }
  return <OrderSteps own={mine} email={user.email} />;
}

function OrderSteps(props: { own: OrderOrganization; email: string }) {
  const form = useOrderForm(props.own, props.email);
  const [placed, setPlaced] = useState<OrderView | null>(null);
  return placed ? <OrderThanks order={placed} /> : <OrderForm form={form} onPlaced={setPlaced} />;
}
