import type { TSchema } from '@feathersjs/typebox';
import type { ApiKeyScope, ServicePath } from '@scr/domain';

/** A Feathers service method, as REST maps it (find → GET /path, get → GET /path/{id}, …). */
export type ServiceMethod = 'find' | 'get' | 'create' | 'update' | 'patch' | 'remove';

/**
 * One operation of the machine API (issue 14 item 3) as the OpenAPI document describes it: the
 * service and method that answer it, the key scopes it needs, and the very schemas the service
 * validates with (body, query) and answers with. `openapi-document.ts` turns a list of these
 * into the document; a test checks each names a registered service method.
 */
export interface ApiOperation {
  /** The document's `operationId`: unique, what a client calls the operation by. */
  id: string;
  service: ServicePath;
  method: ServiceMethod;
  /** Update, patch and remove: on one release by id (`/{id}`), or on those of the query. */
  withId?: boolean;
  /** What the id names, for the document (`A release address`). */
  idDescription?: string;
  tag: string;
  summary: string;
  description?: string;
  /** An API key needs these scopes (`Authorization: ApiKey …`); people need none of them. */
  scopes: readonly ApiKeyScope[];
  /** Only systems call it (a terminal's gate, the port's status system): a session gets 403. */
  machinesOnly?: true;
  /** Anyone may call it, signed in or not (the ledger's checkpoints): no key or session needed. */
  open?: true;
  /**
   * Only a signed-in person's session (an organisation admin's: the API keys themselves); an API
   * key is refused, so `scopes` is empty.
   */
  sessionOnly?: true;
  body?: TSchema;
  /** An object schema: each property is one query parameter. */
  query?: TSchema;
  answer: TSchema;
  /** Media types the body may come as besides JSON, each with its schema (the COREOR upload). */
  bodyMedia?: Record<string, TSchema>;
  /** Media types the answer may come as besides JSON, as the request's Accept asks. */
  answerMedia?: Record<string, TSchema>;
  /** Answers besides the usual ones: status → what it means; `error`: the error's JSON. */
  answers?: Record<string, { description: string; error?: true }>;
}

/** The HTTP method of each service method (Feathers REST). */
export const httpMethodOf: Record<ServiceMethod, 'get' | 'post' | 'put' | 'patch' | 'delete'> = {
  find: 'get',
  get: 'get',
  create: 'post',
  update: 'put',
  patch: 'patch',
  remove: 'delete',
};

/** Whether the operation's path ends in `/{id}`. */
export function takesId(operation: ApiOperation): boolean {
  return operation.method === 'get' || operation.withId === true;
}

/**
 * Who may call the operation: an API key with its scopes, and (unless machines only) people;
 * for an open one, anyone; for one of people only, a session alone.
 */
export function securityOf(operation: ApiOperation): Record<string, string[]>[] {
  if (operation.sessionOnly) return [{ session: [] }];
  const apiKey = { apiKey: [...operation.scopes] };
  if (operation.machinesOnly) return [apiKey];
  // OpenAPI's empty requirement: the call may come without any.
  return operation.open ? [apiKey, { session: [] }, {}] : [apiKey, { session: [] }];
}
