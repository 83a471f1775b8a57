import { custodyServicePaths, type CustodyAction } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
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
 * The custody statement is signed by a person's wallet (DESIGN §3): a call with an API key,
 * here or through `releases` patch with `type`, gets a clear 403 rather than "not signed in".
 */
export async function refuseApiKey(context: HookContext, next: NextFunction) {
  const strategy = (context.params.authentication as { strategy?: string } | undefined)?.strategy;
  if (context.params.apiKey || strategy === 'api-key') {
    throw appError('forbidden', {
      message: 'Custody actions are signed by a signed-in person’s wallet, not with an API key.',
    });
  }
  await next();
}

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

/** Assign and unassign are `PUT releases/assignment/*`: `services/assignment/` registers them. */
const assignmentActions: readonly CustodyAction[] = ['assign', 'unassign'];

/** Registers the custody services: signed-in people, create only. */
export function custody(app: Application): void {
  for (const [action, path] of Object.entries(custodyPaths) as [CustodyAction, CustodyPath][]) {
    if (assignmentActions.includes(action)) continue;
    app.use(path, new CustodyService(app, action), { methods: ['create'], events: [] });
    app.service(path).hooks({
      around: {
        create:
          action === 'pincode'
            ? [refuseApiKey, requireSession, validateCustodyBody(action), pincodeLogBody]
            : [refuseApiKey, requireSession, validateCustodyBody(action)],
      },
    });
  }
}

type CustodyPath = (typeof custodyPaths)[Exclude<CustodyAction, 'assign' | 'unassign'>];

declare module '../../declarations.ts' {
  interface ServiceTypes {
    transfers: CustodyService;
    revokes: CustodyService;
    blocks: CustodyService;
    unblocks: CustodyService;
    'pincode-log': CustodyService;
  }
}
