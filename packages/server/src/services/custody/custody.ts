import type { CustodyAction } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { validateBody } from '../admin-common/validation.ts';
import { CustodyService } from './custody.class.ts';
import { custodyBodySchema, pincodeLogBodySchema } from './custody.schema.ts';

/** Releases spec §7: the service name is the plural of the type; block and unblock alike. */
export const custodyPaths = {
  transfer: 'transfers',
  revoke: 'revokes',
  block: 'blocks',
  unblock: 'unblocks',
  pincode: 'pincode-log',
} as const satisfies Record<CustodyAction, string>;

/** `pincode-log` takes the spec's `releaseAddresses` as well as `release_addresses`. */
async function pincodeLogBody(context: HookContext, next: NextFunction) {
  const data = context.data as Record<string, unknown>;
  if (data && !data.release_addresses && Array.isArray(data.releaseAddresses)) {
    const { releaseAddresses, ...rest } = data;
    context.data = { ...rest, release_addresses: releaseAddresses };
  }
  await next();
}

/** Registers the custody services: signed-in people, create only. */
export function custody(app: Application): void {
  for (const [action, path] of Object.entries(custodyPaths) as [CustodyAction, CustodyPath][]) {
    app.use(path, new CustodyService(app, action), { methods: ['create'], events: [] });
    app.service(path).hooks({
      around: {
        create:
          action === 'pincode'
            ? [requireSession, validateBody(pincodeLogBodySchema), pincodeLogBody]
            : [requireSession, validateBody(custodyBodySchema)],
      },
    });
  }
}

type CustodyPath = (typeof custodyPaths)[CustodyAction];

declare module '../../declarations.ts' {
  interface ServiceTypes {
    transfers: CustodyService;
    revokes: CustodyService;
    blocks: CustodyService;
    unblocks: CustodyService;
    'pincode-log': CustodyService;
  }
}
