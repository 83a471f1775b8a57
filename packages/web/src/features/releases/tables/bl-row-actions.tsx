import type { BillOfLadingRow, OverviewFilter } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.tsx';
import { ActionSplitButton } from '../actions/action-split-button.tsx';
import { actionsMenuKeys, useOpenActionsMenu } from '../actions/actions-menu-state.tsx';
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
 * current search and filter, loaded when the menu first opens. Whether they are wanted is
 * derived, not this row's own state: a remounted row keeps loading (and refreshing) them.
 */
export function BlRowActions({ bl, search, filter }: BlRowActionsProps) {
  const api = useReleasesApi();
  const { user } = useSession();
  const openDialog = useOpenDialog();
  const menuKey = actionsMenuKeys.bl(bl.blNumber);
  const menuOpen = useOpenActionsMenu() === menuKey;
  const hasActiveTransporter = useHasActiveTransporter();
  const containers = useQuery({
    queryKey: [...releaseKeys.allOfBl(bl.blNumber), search, filter],
    queryFn: () => findAllContainersOfBl(api, bl.blNumber, search, filter),
    // Wanted once its menu opened: while it is open, and afterwards kept fresh for the next time.
    enabled: (query) => menuOpen || query.state.data !== undefined,
  });
  if (!user) return null;
  return (
    <ActionSplitButton
      selection={containers.data}
      context={actionContext(user, 'bl', hasActiveTransporter)}
      securePickup={bl.isSecurePickup}
      menuKey={menuKey}
      onAction={(action) => openDialog({ kind: action, rows: containers.data ?? [] })}
      testId={`bl-actions-${bl.blNumber}`}
    />
  );
}
