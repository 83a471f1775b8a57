import { RequireCarrier } from '../../session/carrier-only.tsx';
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

/**
 * Releases spec §6: the dialogs of what only carriers do (create, upload, COREOR, edit, delete,
 * block, unblock). Behind the carrier-only warning (§2 "Warnings"), should anyone else open one.
 */
const carrierOnly: ReadonlySet<DialogRequest['kind']> = new Set([
  'create',
  'upload',
  'coreor',
  'edit',
  'delete',
  'block',
  'unblock',
]);

/** The one releases dialog open at a time. */
export function ReleaseDialogs(props: ReleaseDialogsProps) {
  if (!props.request) return null;
  const dialog = <ReleaseDialog {...props} request={props.request} />;
  if (!carrierOnly.has(props.request.kind)) return dialog;
  return <RequireCarrier onClose={props.onClose}>{dialog}</RequireCarrier>;
}

function ReleaseDialog({
  request,
  onClose,
  onDeleted,
}: ReleaseDialogsProps & { request: DialogRequest }) {
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
