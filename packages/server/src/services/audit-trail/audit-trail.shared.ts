import { servicePaths } from '@scr/domain';
import type { AuditTrailAnswer } from '@scr/domain';

/**
 * Path and methods of the audit trail (releases spec §7): `POST /api/audit-trail` for a
 * selection, `GET /api/audit-trail/{releaseAddress}` for one release (socket.io: `audit-trail`).
 */
export const auditTrailPath = servicePaths.auditTrail;

export const auditTrailMethods = ['create', 'get'] as const;

/** What both methods answer: `{data}`, by release and then by sequence. */
export type { AuditTrailAnswer };
