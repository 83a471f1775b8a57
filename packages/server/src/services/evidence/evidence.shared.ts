import { servicePaths } from '@scr/domain';

/**
 * Path and method of the evidence export (docs/ledger.md, "Evidence bundles"):
 * `GET /api/ledger/evidence?containerNumber=…` or `?blNumber=…` answers an evidence bundle.
 */
export const evidencePath = servicePaths.ledgerEvidence;

export const evidenceMethods = ['find'] as const;
