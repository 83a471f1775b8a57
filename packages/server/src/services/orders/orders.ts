import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { OrdersService } from './orders.class.ts';
import { orderCreateSchema, orderPatchSchema, orderQuerySchema } from './orders.schema.ts';

export const ordersPath = servicePaths.orders;

/** Registers `orders`: signed in; validated; who may do what is decided in the class. */
export function orders(app: Application): void {
  app.use(ordersPath, new OrdersService(app), {
    methods: ['find', 'get', 'create', 'patch'],
    events: [],
  });
  app.service(ordersPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(orderQuerySchema)],
      create: [validateBody(orderCreateSchema)],
      patch: [validateBody(orderPatchSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [ordersPath]: OrdersService;
  }
}
