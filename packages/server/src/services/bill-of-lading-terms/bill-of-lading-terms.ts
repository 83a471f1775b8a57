import { servicePaths } from '@scr/domain';
import type { Params } from '@feathersjs/feathers';
import { Type } from '@feathersjs/typebox';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import { sanitizeTerms } from '../../releases/sanitize-terms.ts';
import { validateBody } from '../../kit/validation.ts';

/** `POST /api/bills-of-lading/terms/{blNumber}` (releases spec §7 "HTTP calls"). */
export const billOfLadingTermsPath = servicePaths.billOfLadingTerms;

const termsRequestSchema = Type.Object(
  { includeadr: Type.Optional(Type.Unknown()) },
  { additionalProperties: false },
);

/**
 * The terms of a BL (the BL full-screen dialog): `{data: {html}}`, the carrier's terms as
 * stored (sanitised when set, and again here, so the answer is safe by itself), or an empty
 * text when it has none. Only a party of one of that BL's releases gets it; anyone else 404.
 * `includeadr` is accepted as the spec's client sends it.
 */
export class BillOfLadingTermsService {
  constructor(private readonly app: Application) {}

  async create(_data: unknown, params: Params = {}): Promise<{ data: { html: string } }> {
    const actor = releaseActorOf(params);
    const blNumber = decoded(String(params.route?.blNumber ?? ''));
    const bill = await this.app
      .get('knex')('bills_of_lading as bl')
      .where('bl.bl_number', blNumber)
      .whereExists((q) =>
        q
          .select(1)
          .from('release_parties as p')
          .whereRaw('p.bill_of_lading_id = bl.id')
          .where({ 'p.organization_id': actor.organizationId, 'p.active': true }),
      )
      .orderBy('bl.updated_at', 'desc')
      .first('bl.terms_html');
    if (!bill) throw appError('not_found');
    return { data: { html: sanitizeTerms(bill.terms_html) ?? '' } };
  }
}

/** REST hands the route segment over still percent-encoded (`SOLU%2F1`); socket.io as sent. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function billOfLadingTerms(app: Application): void {
  app.use(billOfLadingTermsPath, new BillOfLadingTermsService(app), {
    methods: ['create'],
    events: [],
  });
  app.service(billOfLadingTermsPath).hooks({
    around: {
      all: [requireSessionOrApiKey],
      create: [requireScope('releases:read'), validateBody(termsRequestSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [billOfLadingTermsPath]: BillOfLadingTermsService;
  }
}
