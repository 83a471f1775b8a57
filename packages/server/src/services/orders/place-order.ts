import {
  premiumQuote,
  premiumStartDate,
  todayInBrussels,
  validateOrder,
  type InvoiceFrequency,
  type OrderCreate,
  type OrderErrors,
  type OrderOrganization,
  type OrderView,
  type SessionUser,
} from '@scr/domain';
import { latestEula } from '../../auth/session-user.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { orderConfirmationMail, orderForSupportMail } from '../../mail/order-mails.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import {
  orderOrganizationColumns,
  presentOrderOrganization,
} from '../organizations/order-lookup.ts';
import { orderRow, presentOrder } from './order-rows.ts';

/** Domain messages as the field errors of a 400 (`order.validation.*`). */
export function refuseInvalidOrder(errors: OrderErrors): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  throw appError('validation_failed', {
    fields: Object.fromEntries(entries.map(([f, m]) => [f, `order.validation.${m}`])),
  });
}

/**
 * Places a Premium order (access spec §3 "Premium order", §5 "Order", §9): checks it, prices it
 * from the organisations' user counts as they are now (the fee the orderer saw must still be
 * the fee: 409 `order_fee_changed` otherwise), dates its start after the orderer's organisation's
 * current Premium end (§4), stores it and queues the confirmation to the orderer and the order to the support
 * desk in the same transaction.
 */
export async function placeOrder(
  app: Application,
  user: SessionUser,
  data: OrderCreate,
): Promise<OrderView> {
  refuseInvalidOrder(validateOrder(data, user.organizationId));
  const today = todayInBrussels();
  const order = await inTransaction(app.get('knex'), async (trx) => {
    const rows = await trx('organizations as o')
      .whereIn('o.id', data.organizationIds)
      .select(orderOrganizationColumns(trx, today));
    const found = new Map(rows.map((row) => [row.id as number, presentOrderOrganization(row)]));
    const organizations = data.organizationIds.map((id) => found.get(id));
    if (organizations.some((org) => !org)) {
      refuseInvalidOrder({ organizationIds: 'organizationUnknown' });
    }
    const ordered = organizations as OrderOrganization[];
    const frequency = data.invoiceFrequency as InvoiceFrequency;
    const quote = premiumQuote({
      sizes: ordered.map((org) => org.size),
      locations: data.locations.length,
      frequency,
    });
    if (quote.monthlyFee !== data.fee) throw appError('order_fee_changed');
    const eula = await latestEula(trx);
    const [{ id }] = await trx('orders')
      .insert({
        organization_id: user.organizationId,
        user_id: user.id,
        organizations: JSON.stringify(
          ordered.map(({ id: orgId, name, vat, size }) => ({ id: orgId, name, vat, size })),
        ),
        flavor: data.flavor,
        locations: data.locations,
        formula: quote.formula,
        monthly_fee: quote.monthlyFee,
        invoice_frequency: frequency,
        invoice_amount: quote.invoiceAmount,
        invoice_organization_id: data.invoiceOrganizationId,
        invoice_email: data.invoiceEmail.trim(),
        po: data.po?.trim() || null,
        start_date: premiumStartDate(today, found.get(user.organizationId)!.premiumEndDate),
        eula_id: eula?.id ?? null,
        eula_accepted_at: trx.fn.now(),
      })
      .returning('id');
    const view = presentOrder((await orderRow(trx, id))!);
    const language = user.preferredLanguage ?? 'en';
    await enqueueMail(trx, orderConfirmationMail(user.email, language, view));
    const support = app.get('config').supportEmail;
    if (support) await enqueueMail(trx, orderForSupportMail(support, view));
    return view;
  });
  void app.get('outbox')?.wake();
  return order;
}
