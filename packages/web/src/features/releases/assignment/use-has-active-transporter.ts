import { assignableTypes } from '@scr/domain';
import { useQueries } from '@tanstack/react-query';
import { useSession } from '../../session/session-context.tsx';
import { assignmentKeys, useAssignmentApi } from './assignment-api.tsx';

/**
 * Releases spec §4 "Assign": "at least one active driver, barge or train exists", among the
 * kinds the organisation may assign to (§6). Asked only by parties that may assign at all.
 */
export function useHasActiveTransporter(): boolean {
  const { user } = useSession();
  const calls = useAssignmentApi();
  const party =
    !!user && user.organizationRole !== 'carrier' && user.organizationRole !== 'terminal';
  const types = party ? assignableTypes(user.features) : [];
  const lists = useQueries({
    queries: types.map((type) => ({
      queryKey: assignmentKeys.active(type),
      queryFn: () => calls.activeTransporters(type),
      staleTime: 60_000,
    })),
  });
  return lists.some((list) => (list.data?.length ?? 0) > 0);
}
