import { custodyCallMethod, custodyServicePaths, type CustodyAction } from '@scr/domain';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import { CustodyService } from './custody.class.ts';
import {
  custodyApplySchema,
  custodyDryRunSchema,
  pincodeLogApplySchema,
  pincodeLogDryRunSchema,
} from './custody.schema.ts';

/** Releases spec §7: the service name is the plural of the type; block and unblock alike. */
export const custodyPaths = custodyServicePaths;

/**
 * `pincode-log` takes the spec's `releaseAddresses` as well as `release_addresses`; a call with
 * neither names no release (issue 9 §7: 400 `no_release_selected`, as an empty list).
 */
async function pincodeLogBody(context: HookContext, next: NextFunction) {
  const data = context.data as Record<string, unknown>;
  if (data && !data.release_addresses && Array.isArray(data.releaseAddresses)) {
    const { releaseAddresses, ...rest } = data;
    context.data = { ...rest, release_addresses: releaseAddresses };
  }
  if (!Array.isArray((context.data as Record<string, unknown>).release_addresses))
    throw appError('no_release_selected');
  await next();
}

/**
 * Who may call a custody service (DESIGN §3 "Who signs"): a signed-in person, or a system with
 * an API key of scope `custody:write`. Either way the second call carries a statement signed by
 * the organisation's key in its wallet (the browser's, or the system's own) and the ledger
 * records who called (`user:<id>` or `api-key:<id>`).
 */
export const custodyGuard = [requireSessionOrApiKey, requireScope('custody:write')];

/**
 * The two calls have a schema each: `dryRun: true` names the releases; the second call carries
 * them as signed, with the statement and its signature.
 */
function validateCustodyBody(action: CustodyAction) {
  const pincodeLog = action === 'pincode';
  const dryRun = validateBody(pincodeLog ? pincodeLogDryRunSchema : custodyDryRunSchema);
  const apply = validateBody(pincodeLog ? pincodeLogApplySchema : custodyApplySchema);
  return async (context: HookContext, next: NextFunction) => {
    const data = context.data as Record<string, unknown> | null;
    if (data?.dryRun === true) return dryRun(context, next);
    const items = data?.release_addresses ?? data?.releaseAddresses;
    if (Array.isArray(items) && items.some((item) => typeof item === 'string')) {
      throw appError('validation_failed', {
        message: 'Each release of the second call names its address and version.',
        fields: { release_addresses: 'validation.required' },
      });
    }
    return apply(context, next);
  };
}

/** Registers the custody services: signed-in people and systems (`custodyGuard`), create only. */
export function custody(app: Application): void {
  for (const [action, path] of Object.entries(custodyPaths) as [CustodyAction, CustodyPath][]) {
    // Assign and unassign are `PUT releases/assignment/*` (`services/assignment/` registers
    // them), the PCS actions `PUT releases/pcs/*` (`services/pcs/`).
    if (custodyCallMethod(action) === 'update') continue;
    app.use(path, new CustodyService(app, action), { methods: ['create'], events: [] });
    app.service(path).hooks({
      around: {
        create:
          action === 'pincode'
            ? [...custodyGuard, validateCustodyBody(action), pincodeLogBody]
            : [...custodyGuard, validateCustodyBody(action)],
      },
    });
  }
}

type CustodyPath = (typeof custodyPaths)[Exclude<
  CustodyAction,
  'assign' | 'unassign' | 'transferToPcs' | 'revokeFromPcs'
>];

declare module '../../declarations.ts' {
  interface ServiceTypes {
    transfers: CustodyService;
    revokes: CustodyService;
    blocks: CustodyService;
    unblocks: CustodyService;
    'pincode-log': CustodyService;
  }
}
