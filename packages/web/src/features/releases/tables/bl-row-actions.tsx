import type { BillOfLadingRow, OverviewFilter } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import { ActionSplitButton } from '../actions/action-split-button.tsx';
import { actionContext } from '../actions/offered-actions.ts';
import { useHasActiveTransporter } from '../assignment/use-has-active-transporter.ts';
import { findAllContainersOfBl } from '../api/find-all-containers.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { useOpenDialog } from '../dialogs/dialog-request.ts';

export interface BlRowActionsProps {
  bl: BillOfLadingRow;
  search: string;
  filter: OverviewFilter;
}

/**
 * The split button of one BL row: it acts on the BL's containers the viewer sees under the
 * current search and filter, loaded when the menu first opens.
 */
export function BlRowActions({ bl, search, filter }: BlRowActionsProps) {
  const api = useReleasesApi();
  const { user } = useSession();
  const openDialog = useOpenDialog();
  const [wanted, setWanted] = useState(false);
  const hasActiveTransporter = useHasActiveTransporter();
  const containers = useQuery({
    queryKey: [...releaseKeys.allOfBl(bl.blNumber), search, filter],
    queryFn: () => findAllContainersOfBl(api, bl.blNumber, search, filter),
    enabled: wanted,
  });
  if (!user) return null;
  return (
    <ActionSplitButton
      selection={containers.data}
      context={actionContext(user, 'bl', hasActiveTransporter)}
      securePickup={bl.isSecurePickup}
      onOpen={() => setWanted(true)}
      onAction={(action) => openDialog({ kind: action, rows: containers.data ?? [] })}
      testId={`bl-actions-${bl.blNumber}`}
    />
  );
}
