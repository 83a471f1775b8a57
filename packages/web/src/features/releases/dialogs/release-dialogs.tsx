import { BillOfLadingDialog } from './bill-of-lading-dialog.tsx';
import { CreateReleaseDialog } from './create-release-dialog.tsx';
import { DeleteReleasesDialog } from './delete-releases-dialog.tsx';
import type { DialogRequest } from './dialog-request.ts';
import { EditReleaseDialog, MultiEditDialog } from './edit-releases-dialog.tsx';
import { UploadReleasesDialog } from '../upload/upload-releases-dialog.tsx';
import { CoreorDialog } from '../coreor/coreor-dialog.tsx';
import { AuditTrailDialog } from '../audit-trail/audit-trail-dialog.tsx';
import { CustodyDialog } from '../custody/custody-dialog.tsx';
import { PincodeDialog } from '../custody/pincode-dialog.tsx';
import { AssignmentDialog } from '../assignment/assignment-dialog.tsx';
import { UnassignDialog } from '../assignment/unassign-dialog.tsx';
import { NmotDialog } from './nmot-dialog.tsx';
import { PcsDialog } from '../pcs/pcs-dialog.tsx';

export interface ReleaseDialogsProps {
  request: DialogRequest | null;
  onClose: () => void;
  onDeleted: (addresses: string[]) => void;
}

/** The one releases dialog open at a time. */
export function ReleaseDialogs({ request, onClose, onDeleted }: ReleaseDialogsProps) {
  if (!request) return null;
  switch (request.kind) {
    case 'create':
      return <CreateReleaseDialog onClose={onClose} />;
    case 'upload':
      return <UploadReleasesDialog onClose={onClose} />;
    case 'coreor':
      return <CoreorDialog onClose={onClose} />;
    case 'edit':
      return request.rows.length === 1 ? (
        <EditReleaseDialog row={request.rows[0]!} onClose={onClose} />
      ) : (
        <MultiEditDialog rows={request.rows} onClose={onClose} />
      );
    case 'delete':
      return <DeleteReleasesDialog rows={request.rows} onClose={onClose} onDeleted={onDeleted} />;
    case 'transfer':
    case 'revoke':
    case 'block':
    case 'unblock':
      return <CustodyDialog action={request.kind} rows={request.rows} onClose={onClose} />;
    case 'pincode':
      return <PincodeDialog rows={request.rows} onClose={onClose} />;
    case 'assign':
      return <AssignmentDialog rows={request.rows} onClose={onClose} />;
    case 'unassign':
      return <UnassignDialog rows={request.rows} onClose={onClose} />;
    case 'nmot':
      return <NmotDialog rows={request.rows} onClose={onClose} />;
    case 'transferToPcs':
    case 'revokeFromPcs':
      return <PcsDialog action={request.kind} rows={request.rows} onClose={onClose} />;
    case 'auditTrail':
      return <AuditTrailDialog rows={request.rows} onClose={onClose} />;
    case 'billOfLading':
      return <BillOfLadingDialog blNumber={request.blNumber} onClose={onClose} />;
  }
}
