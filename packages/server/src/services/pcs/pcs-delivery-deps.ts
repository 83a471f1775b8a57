import type { Application } from '../../declarations.ts';
import type { PcsDeliveryDeps } from '../../releases/pcs/pcs-delivery.ts';
import { publishNotices } from '../../releases/release-notices.ts';

/**
 * What delivering a PCS message needs, from the app: its database, PCS adapter, server key and
 * the live-notice path every custody action publishes through (`publishNotices`).
 */
export function pcsDeliveryDeps(app: Application): PcsDeliveryDeps {
  return {
    knex: app.get('knex'),
    pcs: app.get('pcs')?.adapter ?? null,
    serverKey: app.get('serverKey'),
    publish: (notices) => publishNotices(app, notices),
  };
}
