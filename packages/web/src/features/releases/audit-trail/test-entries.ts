import type { AuditTrailEntry } from '@scr/domain';

/** An audit-trail entry of the fake API; anything left out is a verified carrier create. */
export function auditEntry(changes: Partial<AuditTrailEntry> = {}): AuditTrailEntry {
  return {
    id: '1',
    releaseAddress: '0xr1',
    blNumber: 'SOLU1234567',
    containerNumber: 'MSKU1234565',
    operation: 'create',
    operationAt: '2026-11-21T09:30:00.000Z',
    source: 'user',
    sourceOrganizationName: 'Scheldt Ocean Line NV',
    targetOrganizationName: null,
    firstName: 'Ann',
    lastName: 'Peeters',
    description: { creator: '0xc4', userId: 7 },
    sequence: 1,
    hash: '0xh1',
    signerAddress: '0x5e',
    verified: true,
    verifyProblem: null,
    ...changes,
  };
}
