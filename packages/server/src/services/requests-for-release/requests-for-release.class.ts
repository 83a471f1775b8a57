import type { Id, Params } from '@feathersjs/feathers';
import type {
  Page,
  RequestForRelease,
  RequestForReleaseInput,
  RequestsForReleaseQuery,
} from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { answerRequestForRelease } from './answer-request.ts';
import { requestCallerOf } from './request-access.ts';
import { requestOf, requestPage } from './request-rows.ts';
import type { RequestAnswerBody } from './requests-for-release.schema.ts';
import { sendRequestForRelease } from './send-request.ts';

/** A request id as the path carries it; anything else names no request. */
function requestIdOf(id: Id | null): number {
  if (id === null || !/^\d{1,15}$/.test(String(id))) throw appError('not_found');
  return Number(id);
}

/**
 * `requests-for-release` (releases spec §7; issue 12 item 3): a requester (canRequestForRelease)
 * creates requests to the carriers its subscription 11 offers and lists what it sent; a carrier
 * lists the requests addressed to it and answers one (patch) by creating its releases. A
 * request of another organisation answers not found. A system of the organisation (an API key)
 * may send and list them as its people do.
 */
export class RequestsForReleaseService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<RequestForRelease>> {
    const caller = requestCallerOf(params);
    const query = (params.query ?? {}) as RequestsForReleaseQuery;
    return requestPage(this.app.get('knex'), caller.side, caller.organizationId, query);
  }

  async get(id: Id, params: Params = {}): Promise<RequestForRelease> {
    const caller = requestCallerOf(params);
    const request = await requestOf(this.app.get('knex'), requestIdOf(id), caller.organizationId);
    if (!request) throw appError('not_found');
    return request;
  }

  async create(data: RequestForReleaseInput, params: Params = {}): Promise<RequestForRelease> {
    const caller = requestCallerOf(params, 'sent');
    const id = await sendRequestForRelease(this.app.get('knex'), caller, data);
    return (await requestOf(this.app.get('knex'), id, caller.organizationId))!;
  }

  /** People only (the hooks): the carrier's person answers with the create-release dialog. */
  async patch(
    id: Id | null,
    data: RequestAnswerBody,
    params: Params = {},
  ): Promise<RequestForRelease> {
    const requestId = requestIdOf(id);
    const caller = requestCallerOf(params, 'received');
    if (!params.user) throw appError('not_authenticated');
    await answerRequestForRelease(this.app, params.user, requestId, data);
    return (await requestOf(this.app.get('knex'), requestId, caller.organizationId))!;
  }
}
