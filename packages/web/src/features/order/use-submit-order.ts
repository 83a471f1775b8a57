import type { OrderView } from '@scr/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, describeApiError } from '../../api/errors.ts';
import { statusOf } from '../../api/http.ts';
import { loginPathFor } from '../session/forward.ts';
import { clearBrowserStorage } from '../session/session-storage.ts';
import { orderNavigation, orderOrganizations, submitOrder } from './order-api.ts';
import { orderBody, type OrderForm } from './use-order-form.ts';

/** Access spec §9: after a 401 on submit the page reloads 2.5 s later. */
export const sessionExpiredReloadMs = 2_500;

/** What went wrong with the last submit, for the form to show. */
export interface SubmitProblem {
  /** A field → translation key (`order.validation.*`), from a 400. */
  fields: Record<string, string>;
  /** A message for the whole order. */
  message: string | null;
  /** The session ended (401): the page shows the spec's message, then leaves for the login. */
  sessionExpired: boolean;
}

const noProblem: SubmitProblem = { fields: {}, message: null, sessionExpired: false };

/**
 * Sends the order. A 401 shows "Session expired. You are being redirected to the login page."
 * (access spec §8), clears the browser's storage and 2.5 s later loads the login page, which
 * leads back here; a changed fee reads the organisations' sizes again so the page shows the fee
 * that now applies; any other failure is shown through the error catalogue.
 */
export function useSubmitOrder(form: OrderForm, onPlaced: (order: OrderView) => void) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<SubmitProblem>(noProblem);

  useEffect(() => {
    if (!problem.sessionExpired) return;
    clearBrowserStorage();
    const timer = setTimeout(
      () => orderNavigation.reloadTo(loginPathFor('/order')),
      sessionExpiredReloadMs,
    );
    return () => clearTimeout(timer);
  }, [problem.sessionExpired]);

  const mutation = useMutation({
    mutationFn: () => submitOrder(orderBody(form.values, form.quote?.monthlyFee ?? 0)),
    onMutate: () => setProblem(noProblem),
    onSuccess: onPlaced,
    onError: async (error) => {
      if (statusOf(error) === 401) {
        setProblem({ ...noProblem, sessionExpired: true });
        return;
      }
      const data = (error as { data?: { fields?: Record<string, string> } }).data;
      setProblem({ ...noProblem, fields: data?.fields ?? {}, message: describeApiError(error, t) });
      if (apiErrorCode(error) === 'order_fee_changed') {
        const addresses = form.values.organizations.map((org) => org.address);
        form.refresh(await orderOrganizations(addresses).catch(() => []));
      }
    },
  });
  return { submit: () => mutation.mutate(), pending: mutation.isPending, problem };
}
