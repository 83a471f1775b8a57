import { useCustodyAction } from '../custody/use-custody-action.ts';

/**
 * A signed unassign of a list of releases (releases spec §4 "Effects": unassign reverses
 * assign; DESIGN §3): the dry run, one statement signed by the ID wallet, the second call
 * (`PUT releases/assignment/unassign`), the overview refreshed. Render `walletPrompt`; `phase`
 * says where it is and ends in `done` with the report's outcome.
 */
export function useUnassign() {
  const custody = useCustodyAction('unassign');
  return {
    phase: custody.phase,
    unassign: (releaseAddresses: readonly string[]) => custody.start(releaseAddresses),
    retry: custody.retry,
    walletPrompt: custody.walletPrompt,
  };
}
