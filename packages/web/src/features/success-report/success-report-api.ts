import { servicePaths, type ReportPeriod, type SuccessReport } from '@scr/domain';
import { api } from '../../api/client.ts';

export const successReportKeys = {
  period: (period: ReportPeriod) => ['successReport', period] as const,
};

/**
 * `GET transporters/reports` with `successRateOfSecurePickupReport` and `operationAt` (access
 * spec §7 "Transporters"): the overview and the failed checks of one period.
 */
export async function fetchSuccessReport(period: ReportPeriod): Promise<SuccessReport> {
  return (await api.service(servicePaths.transporterReports).find({
    query: { successRateOfSecurePickupReport: true, operationAt: period },
  })) as SuccessReport;
}
