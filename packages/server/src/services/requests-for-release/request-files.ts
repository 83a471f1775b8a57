import type { Id, Params } from '@feathersjs/feathers';
import type { RequestFileContent } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { requestCallerOf } from './request-access.ts';

/**
 * `GET /api/requests-for-release/files/:id` (issue 12 item 3: "the carrier … can open the
 * files"): a file of a request the caller's organisation sent or received, with its content in
 * base64; anyone else's answers not found (DESIGN §3 "Tenancy").
 */
export class RequestFilesService {
  constructor(private readonly app: Application) {}

  async get(id: Id, params: Params = {}): Promise<RequestFileContent> {
    const caller = requestCallerOf(params);
    if (!/^\d{1,15}$/.test(String(id))) throw appError('not_found');
    const row = await this.app
      .get('knex')('request_for_release_files as f')
      .join('requests_for_release as q', 'q.id', 'f.request_id')
      .where('f.id', String(id))
      .where((where) =>
        where
          .where('q.organization_id', caller.organizationId)
          .orWhere('q.carrier_organization_id', caller.organizationId),
      )
      .first('f.id', 'f.name', 'f.content_type', 'f.content');
    if (!row) throw appError('not_found');
    return {
      id: Number(row.id),
      name: row.name,
      contentType: row.content_type,
      contentBase64: Buffer.from(row.content).toString('base64'),
    };
  }
}
