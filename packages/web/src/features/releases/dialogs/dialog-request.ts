import type { ContainerRow } from '@scr/domain';
import { createContext, useContext } from 'react';

/** Which releases dialog is open, and on what. */
export type DialogRequest =
  | { kind: 'create' }
  | { kind: 'upload' }
  | { kind: 'coreor' }
  | { kind: 'edit'; rows: ContainerRow[] }
  | { kind: 'delete'; rows: ContainerRow[] }
  | { kind: 'transfer' | 'revoke' | 'block' | 'unblock' | 'pincode'; rows: ContainerRow[] }
  | { kind: 'auditTrail'; rows: ContainerRow[] }
  | { kind: 'assign' | 'unassign'; rows: ContainerRow[] }
  | { kind: 'nmot'; rows: ContainerRow[] }
  | { kind: 'transferToPcs' | 'revokeFromPcs'; rows: ContainerRow[] }
  | { kind: 'billOfLading'; blNumber: string };

export type OpenDialog = (request: DialogRequest) => void;

export const DialogRequestContext = createContext<OpenDialog>(() => undefined);

/** Opens a releases dialog from anywhere in the overview (a cell, a menu, the toolbar). */
export function useOpenDialog(): OpenDialog {
  return useContext(DialogRequestContext);
}
