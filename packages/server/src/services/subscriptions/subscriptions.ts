import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { SubscriptionsService } from './subscriptions.class.ts';
import {
  subscriptionCreateSchema,
  subscriptionPatchSchema,
  subscriptionQuerySchema,
} from './subscriptions.schema.ts';

export const subscriptionsPath = servicePaths.subscriptions;

/** Registers `subscriptions`: support only (the admin policy), one organisation at a time. */
export function subscriptions(app: Application): void {
  app.use(subscriptionsPath, new SubscriptionsService(app), {
    methods: ['find', 'create', 'patch', 'remove'],
    events: [],
  });
  app.service(subscriptionsPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(subscriptionQuerySchema)],
      create: [validateBody(subscriptionCreateSchema)],
      patch: [validateBody(subscriptionPatchSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [subscriptionsPath]: SubscriptionsService;
  }
}
