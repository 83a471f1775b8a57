/**
 * Assignment (releases spec §3 "Assignment", §5, §7 `releases/assignment/*`; DESIGN §3 "Secure
 * pick-up"): the signed assign and unassign, `info` and `check`, and what the transporters use
 * when a driver, barge or train is deactivated or re-identified.
 */
export {
  applyAssignment,
  applySignedUnassign,
  assignmentDryRun,
  releasesAssignedTo,
  resolveAssignee,
  type AssignmentAction,
  type AssignmentCaller,
} from './assignment-command.ts';
export { assignmentCheck, assignmentInfo } from './assignment-info.ts';
