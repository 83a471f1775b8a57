import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateQuery } from '../../kit/validation.ts';
import { DashboardService } from './dashboard.class.ts';
import { dashboardQuerySchema } from './dashboard.schema.ts';
import { dashboardMethods, dashboardPath } from './dashboard.shared.ts';

export * from './dashboard.shared.ts';

/** Releases spec §2, §6: the dashboard needs canDashboard (the web shows the promotional page). */
async function requireDashboardFeature(context: HookContext, next: NextFunction) {
  if (context.params.provider && !context.params.user?.features?.canDashboard) {
    throw appError('subscription_required');
  }
  await next();
}

/** Registers `dashboard`: signed-in people of an organisation with canDashboard. */
export function dashboard(app: Application): void {
  app.use(dashboardPath, new DashboardService(app), {
    methods: [...dashboardMethods],
    events: [],
  });
  app.service(dashboardPath).hooks({
    around: {
      all: [requireSession, requireDashboardFeature],
      find: [validateQuery(dashboardQuerySchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [dashboardPath]: DashboardService;
  }
}
