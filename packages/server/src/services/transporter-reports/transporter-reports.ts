import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateQuery } from '../../kit/validation.ts';
import { TransporterReportsService } from './transporter-reports.class.ts';
import { successReportQuerySchema } from './transporter-reports.schema.ts';

export const transporterReportsPath = servicePaths.transporterReports;

/** Registers `transporters/reports` (access spec §7 "Transporters"): find, signed-in people. */
export function transporterReports(app: Application): void {
  app.use(transporterReportsPath, new TransporterReportsService(app), {
    methods: ['find'],
    events: [],
  });
  app.service(transporterReportsPath).hooks({
    around: { find: [requireSession, validateQuery(successReportQuerySchema)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [transporterReportsPath]: TransporterReportsService;
  }
}
