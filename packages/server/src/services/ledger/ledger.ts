import type { HookContext } from '../../declarations.ts';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import { callBudget } from '../../auth/rate-limit.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import {
  LedgerCheckpointsService,
  LedgerConsistencyProofsService,
  LedgerInclusionProofsService,
} from './ledger.class.ts';
import {
  checkpointCreateSchema,
  consistencyProofQuerySchema,
  inclusionProofQuerySchema,
} from './ledger.schema.ts';
import {
  ledgerCheckpointsMethods,
  ledgerCheckpointsPath,
  ledgerConsistencyProofsPath,
  ledgerInclusionProofsPath,
  ledgerProofsMethods,
} from './ledger.shared.ts';

export * from './ledger.shared.ts';

/**
 * On-demand checkpoints per organisation and minute. A run signs only when the log grew, so no
 * call makes more checkpoints than there are events; the budget bounds the runs themselves.
 */
export const onDemandCheckpoints = { limit: 10, windowMs: 60_000 };

const callerOrganization = (context: HookContext) => {
  const caller = context.params.user ?? context.params.apiKey;
  return caller ? `organization:${caller.organizationId}` : null;
};

/**
 * Registers the ledger's checkpoints and proofs (docs/ledger.md). Reading checkpoints and
 * consistency proofs is open to anyone, as a transparency log's are: whoever keeps a checkpoint
 * (an auditor, a customs office) needs no account. An inclusion proof names an event, so only
 * signed-in people and systems (`releases:read`) of an organisation that may see its release
 * get one. Signing a checkpoint now is for any signed-in person or system, 10 a minute per
 * organisation: it lets whoever just acted prove it at once rather than within the minute.
 */
export function ledger(app: Application): void {
  app.use(ledgerCheckpointsPath, new LedgerCheckpointsService(app), {
    methods: [...ledgerCheckpointsMethods],
    events: [],
  });
  app.service(ledgerCheckpointsPath).hooks({
    around: {
      create: [
        requireSessionOrApiKey,
        requireScope('releases:read'),
        validateBody(checkpointCreateSchema),
        callBudget(onDemandCheckpoints, callerOrganization),
      ],
    },
  });
  app.use(ledgerInclusionProofsPath, new LedgerInclusionProofsService(app), {
    methods: [...ledgerProofsMethods],
    events: [],
  });
  app.service(ledgerInclusionProofsPath).hooks({
    around: {
      find: [
        requireSessionOrApiKey,
        requireScope('releases:read'),
        validateQuery(inclusionProofQuerySchema),
      ],
    },
  });
  app.use(ledgerConsistencyProofsPath, new LedgerConsistencyProofsService(app), {
    methods: [...ledgerProofsMethods],
    events: [],
  });
  app.service(ledgerConsistencyProofsPath).hooks({
    around: { find: [validateQuery(consistencyProofQuerySchema)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [ledgerCheckpointsPath]: LedgerCheckpointsService;
    [ledgerInclusionProofsPath]: LedgerInclusionProofsService;
    [ledgerConsistencyProofsPath]: LedgerConsistencyProofsService;
  }
}
