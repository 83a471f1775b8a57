import { brusselsFileTimestamp, csvText, formatBrusselsDateTime } from '@scr/domain';
import type { AuditTrailEntry } from '@scr/domain';
import type { TFunction } from 'i18next';
import { descriptionLines, descriptionText } from './entry-description.ts';

/** The audit trail's columns, in the order shown and exported (releases spec §2, §3). */
export const auditTrailColumns = [
  'blNumber',
  'containerNumber',
  'operation',
  'operationAt',
  'source',
  'sourceOrganization',
  'targetOrganization',
  'user',
  'description',
  'verified',
] as const;
export type AuditTrailColumn = (typeof auditTrailColumns)[number];

/** One entry's cells as text: the time in Brussels (spec §9), the operation and source translated. */
export function entryTexts(entry: AuditTrailEntry, t: TFunction): Record<AuditTrailColumn, string> {
  return {
    blNumber: entry.blNumber,
    containerNumber: entry.containerNumber,
    operation: t(`releases.auditTrail.operation.${entry.operation}`, {
      defaultValue: entry.operation,
    }),
    operationAt: formatBrusselsDateTime(entry.operationAt),
    source: t(`releases.auditTrail.source.${entry.source}`, { defaultValue: entry.source }),
    sourceOrganization: entry.sourceOrganizationName ?? '',
    targetOrganization: entry.targetOrganizationName ?? '',
    user: [entry.firstName, entry.lastName].filter(Boolean).join(' '),
    description: descriptionText(descriptionLines(entry.description, t, entry.addressNames)),
    verified: entry.verified
      ? t('releases.auditTrail.verified')
      : t('releases.auditTrail.notVerified', { problem: entry.verifyProblem ?? '' }),
  };
}

/** The CSV export: a translated header row, then one row per entry, cells neutralised. */
export function auditTrailCsv(entries: readonly AuditTrailEntry[], t: TFunction): string {
  const header = auditTrailColumns.map((column) => t(`releases.auditTrail.column.${column}`));
  const rows = entries.map((entry) => {
    const texts = entryTexts(entry, t);
    return auditTrailColumns.map((column) => texts[column]);
  });
  return csvText([header, ...rows]);
}

/** `src-auditlog-<YYYYMMDD-HHmmss>.csv`, the time in Brussels (releases spec §9). */
export function auditTrailFileName(now: Date = new Date()): string {
  return `src-auditlog-${brusselsFileTimestamp(now)}.csv`;
}
