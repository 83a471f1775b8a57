import { servicePaths } from '@scr/domain';

/**
 * The ledger's signed checkpoints and their proofs (RFC 9162; docs/ledger.md):
 * `GET /api/ledger/checkpoints/latest` and `/{treeSize}`, `POST /api/ledger/checkpoints` (sign
 * one now), `GET /api/ledger/proofs/inclusion?event=…&treeSize=…` and
 * `GET /api/ledger/proofs/consistency?from=…&to=…`.
 */
export const ledgerCheckpointsPath = servicePaths.ledgerCheckpoints;
export const ledgerInclusionProofsPath = servicePaths.ledgerInclusionProofs;
export const ledgerConsistencyProofsPath = servicePaths.ledgerConsistencyProofs;

export const ledgerCheckpointsMethods = ['get', 'create'] as const;
export const ledgerProofsMethods = ['find'] as const;
