import type { Config } from '../config.ts';
import { startScheduledJob } from '../db/scheduled-job.ts';
import type { Application } from '../declarations.ts';
import { readinessOf } from '../http/readiness.ts';
import type { Logger } from '../logger.ts';
import { createMailTransport } from '../mail/mail-transport.ts';
import { mailTopics } from '../mail/outbox.ts';
import { pcsTopics } from '../releases/pcs/pcs-delivery.ts';
import { pcsDeliveryDeps } from '../services/pcs/pcs-delivery-deps.ts';
import { webhookTopics } from '../webhooks/deliver-webhook.ts';
import { dropExpiredDeliveries } from '../webhooks/endpoint-health.ts';
import { startOutboxWorker } from './lane-worker.ts';
import { outboxReadiness } from './outbox-readiness.ts';

/** How often the instances (one of them per slot) drop webhook deliveries past the retention. */
const retentionSweepMs = 10 * 60_000;

/**
 * The instance's outbox (issue 42 item 6): one worker over every topic, each receiver in a lane
 * of its own (mail, the PCS, each webhook endpoint), its readiness part (`outbox`: down when the
 * poll is stuck), and the sweep that drops webhook deliveries kept past their retention.
 */
export function startOutbox(app: Application, config: Config, logger: Logger) {
  const knex = app.get('knex');
  const transport = createMailTransport(config.smtp, config.dataDir, logger);
  const worker = startOutboxWorker({
    knex,
    topics: {
      ...mailTopics(transport),
      ...pcsTopics(() => pcsDeliveryDeps(app), config.pcsTimeoutMs),
      ...webhookTopics({ knex, production: config.production }),
    },
    logger: logger.child({ component: 'outbox' }),
    close: () => transport.close(),
  });
  const sweep = startScheduledJob({
    knex,
    name: 'webhook-retention',
    intervalMs: retentionSweepMs,
    logger: logger.child({ component: 'webhooks' }),
    run: async () => {
      const dropped = await dropExpiredDeliveries(knex);
      if (dropped > 0) logger.info({ dropped }, 'webhook deliveries past their retention dropped');
    },
  });
  readinessOf(app).add('outbox', outboxReadiness(worker.health));
  return {
    wake: worker.wake,
    health: worker.health,
    async stop() {
      await sweep.stop();
      await worker.stop();
    },
  };
}
