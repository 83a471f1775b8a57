import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import {
  WebhookDeliveriesService,
  WebhookRedeliveriesService,
} from './webhook-deliveries.class.ts';
import { WebhookEndpointsService } from './webhook-endpoints.class.ts';
import {
  webhookDeliveryQuerySchema,
  webhookEndpointCreateSchema,
  webhookEndpointPatchSchema,
  webhookEndpointQuerySchema,
  webhookRedeliveryCreateSchema,
} from './webhooks.schema.ts';

export const webhookEndpointsPath = servicePaths.webhookEndpoints;
export const webhookDeliveriesPath = servicePaths.webhookDeliveries;
export const webhookRedeliveriesPath = servicePaths.webhookRedeliveries;

/**
 * Registers the webhooks administration (issue 14 item 5): people only (an API key is not an
 * admin), the admin policy's `webhook.manage` inside each service.
 */
export function webhooks(app: Application): void {
  app.use(webhookEndpointsPath, new WebhookEndpointsService(app), {
    methods: ['find', 'get', 'create', 'patch', 'remove'],
    events: [],
  });
  app.service(webhookEndpointsPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(webhookEndpointQuerySchema)],
      create: [validateBody(webhookEndpointCreateSchema)],
      patch: [validateBody(webhookEndpointPatchSchema)],
    },
  });
  app.use(webhookDeliveriesPath, new WebhookDeliveriesService(app), {
    methods: ['find', 'get'],
    events: [],
  });
  app.service(webhookDeliveriesPath).hooks({
    around: { all: [requireSession], find: [validateQuery(webhookDeliveryQuerySchema)] },
  });
  app.use(webhookRedeliveriesPath, new WebhookRedeliveriesService(app), {
    methods: ['create'],
    events: [],
  });
  app.service(webhookRedeliveriesPath).hooks({
    around: { all: [requireSession], create: [validateBody(webhookRedeliveryCreateSchema)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [webhookEndpointsPath]: WebhookEndpointsService;
    [webhookDeliveriesPath]: WebhookDeliveriesService;
    [webhookRedeliveriesPath]: WebhookRedeliveriesService;
  }
}
