import type { TSchema } from '@feathersjs/typebox';
import {
  apiKeyScopes,
  webhookHeaders,
  webhookPauseRule,
  webhookRetentionDays,
  webhookToleranceSeconds,
} from '@scr/domain';
import { outboxMaxAttempts } from '../mail/outbox.ts';
import { webhookLanePolicy, webhookTimeoutMs } from '../webhooks/deliver-webhook.ts';
import { webhookEventBodySchema } from './integration-schemas.ts';
import { checkpointWebhookBodySchema } from './ledger-schemas.ts';
import { httpMethodOf, securityOf, takesId, type ApiOperation } from './api-operation.ts';
import { apiOperations, namedSchemas } from './operations.ts';
import { tagDescriptions } from './tags.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Where the API answers, relative to the document (`/api/openapi.json`). */
export const apiBasePath = '/api';

const componentRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * A typebox schema as plain JSON Schema (2020-12, OpenAPI 3.1's dialect): typebox's own markers
 * are symbols and drop out; a schema listed in `names` (other than `self`) becomes a reference.
 */
function jsonSchema(schema: unknown, names: Map<unknown, string>, self?: unknown): Json {
  if (schema !== self && names.has(schema)) return componentRef(names.get(schema)!);
  if (Array.isArray(schema)) return schema.map((item) => jsonSchema(item, names));
  if (schema === null || typeof schema !== 'object') return schema as Json;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (value !== undefined) out[key] = jsonSchema(value, names);
  }
  return out;
}

const isObjectSchema = (schema: TSchema) =>
  schema.type === 'object' || (Array.isArray(schema.anyOf) && schema.anyOf.some(isObjectSchema));

/** Feathers' path of the operation: `/releases`, `/releases/{id}`. */
export function operationPath(operation: ApiOperation): string {
  return `/${operation.service}${takesId(operation) ? '/{id}' : ''}`;
}

/** Every tag says what it groups (`tags.ts`). */
function tagDescriptionOf(tag: string): string {
  const description = tagDescriptions[tag];
  if (!description) throw new Error(`the tag ${tag} has no description in tags.ts`);
  return description;
}

/** A page's `$limit`: its maximum said in words too (the schema's `maximum`). */
function limitDescription(schema: TSchema): string {
  if (typeof schema.maximum !== 'number') throw new Error('a paged find documents its maximum');
  const said = typeof schema.description === 'string' ? ` ${schema.description}.` : '';
  return `Rows a page, at most ${schema.maximum}.${said}`;
}

function parameters(operation: ApiOperation, names: Map<unknown, string>): Json[] {
  const found: Json[] = [];
  if (takesId(operation)) {
    found.push({
      name: 'id',
      in: 'path',
      required: true,
      description: operation.idDescription ?? 'The id',
      schema: { type: 'string' },
    });
  }
  const query = operation.query;
  if (!query?.properties) return found;
  const required = new Set<string>(query.required ?? []);
  for (const [name, schema] of Object.entries(query.properties as Record<string, TSchema>)) {
    // `$filter[vessel]=…` and `$sort[validUntil]=1`; lists as `addresses=a&addresses=b`.
    const object = isObjectSchema(schema);
    found.push({
      name,
      in: 'query',
      ...(name === '$limit' ? { description: limitDescription(schema) } : {}),
      required: required.has(name),
      style: object ? 'deepObject' : 'form',
      explode: true,
      schema: jsonSchema(schema, names),
    });
  }
  return found;
}

function describeOperation(operation: ApiOperation, names: Map<unknown, string>): JsonObject {
  const scopes = operation.scopes.map((scope) => `\`${scope}\``).join(', ');
  const description = [
    operation.description,
    operation.open
      ? 'Open to anyone: no API key or session is needed.'
      : operation.sessionOnly
        ? 'Only for a signed-in person’s session; an API key is refused.'
        : operation.machinesOnly
          ? `Only for systems: an API key with the scope ${scopes}; a person’s session is refused.`
          : `An API key needs the scope ${scopes}; a signed-in person’s session needs none.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const media = (json: TSchema, more: Record<string, TSchema> = {}): JsonObject =>
    Object.fromEntries(
      Object.entries({ 'application/json': json, ...more }).map(([type, schema]) => [
        type,
        { schema: jsonSchema(schema, names) },
      ]),
    );
  const answer = { description: 'Done', content: media(operation.answer, operation.answerMedia) };
  const failure = {
    description: 'Refused',
    content: { 'application/json': { schema: componentRef('Error') } },
  };
  const more = Object.fromEntries(
    Object.entries(operation.answers ?? {}).map(([status, { description, error }]) => [
      status,
      { ...(error ? failure : answer), description },
    ]),
  );
  return {
    operationId: operation.id,
    tags: [operation.tag],
    summary: operation.summary,
    description,
    security: securityOf(operation),
    parameters: parameters(operation, names),
    ...(operation.body
      ? {
          requestBody: { required: true, content: media(operation.body, operation.bodyMedia) },
        }
      : {}),
    responses: {
      [operation.method === 'create' ? '201' : '200']: answer,
      '400': { ...failure, description: 'Bad input: `data.fields` names each bad field' },
      '401': { ...failure, description: 'No valid API key or session' },
      '403': { ...failure, description: 'The key lacks the scope, or the organisation may not' },
      '404': { ...failure, description: 'Not found (also a release outside your chain)' },
      '409': { ...failure, description: 'The release changed, or the action conflicts' },
      ...more,
      default: failure,
    },
  };
}

/**
 * OpenAPI 3.1 `webhooks`: what the portal POSTs to an organisation's endpoint (issue 14 item 5;
 * `webhooks/deliver-webhook.ts`), so a receiver is written from the same document.
 */
function webhookDelivery(
  names: Map<unknown, string>,
  event: { id: string; schema: TSchema; summary: string; description?: string } = {
    id: 'receiveReleaseEvent',
    schema: webhookEventBodySchema,
    summary: 'A release event of your chain, sent to each of your endpoints that takes its type',
  },
): JsonObject {
  const header = (name: string, description: string): Json => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  return {
    post: {
      operationId: event.id,
      summary: event.summary,
      // What your endpoint checks: the portal's signature of the delivery (no key is sent).
      security: [{ webhookSignature: [] }],
      description: `${event.description ? `${event.description} ` : ''}Delivered through the portal's outbox: a try that does not answer 2xx within ${webhookTimeoutMs / 1000} seconds is tried again with growing pauses, up to ${outboxMaxAttempts} tries, at most ${webhookLanePolicy.concurrency} requests to one endpoint at once, events possibly out of order (each carries its release's \`version\`). An endpoint that fails ${webhookPauseRule.failures} tries in a row over at least ${webhookPauseRule.minutes} minutes is paused; while it is paused or switched off its events wait up to ${webhookRetentionDays} days and are sent when its admin resumes it, older ones are dropped. A redelivery from the delivery log repeats the event's \`id\`. Check the signature (HMAC-SHA256 of \`{t}.{raw body}\` under your endpoint's secret, in hex), refuse a \`t\` more than ${webhookToleranceSeconds / 60} minutes off, and drop an event id you already have.`,
      parameters: [
        header(webhookHeaders.signature, '`t={unix seconds},v1={hex HMAC-SHA256}`'),
        header(webhookHeaders.eventId, 'The event’s id, as in the body'),
        header(webhookHeaders.eventType, 'The event type, as in the body'),
        header(webhookHeaders.deliveryId, 'This delivery, as the delivery log names it'),
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(event.schema, names) } },
      },
      responses: { '2XX': { description: 'Taken: the delivery is done' } },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the machine API (issue 14 item 3; DESIGN §4 "carriers' systems"),
 * made from the schemas the services validate with and the contract's answers
 * (`operations.ts`). Served at `/api/openapi.json`, browsable at `/api/docs`.
 */
export function openApiDocument(
  options: { version?: string; operations?: readonly ApiOperation[] } = {},
): JsonObject {
  const names = new Map<unknown, string>(
    Object.entries(namedSchemas).map(([name, schema]) => [schema, name]),
  );
  const paths: Record<string, JsonObject> = {};
  for (const operation of options.operations ?? apiOperations) {
    const path = operationPath(operation);
    paths[path] ??= {};
    paths[path][httpMethodOf[operation.method]] = describeOperation(operation, names);
  }
  const scopeList = apiKeyScopes.map((scope) => `\`${scope}\``).join(', ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Secure Container Release API',
      version: options.version ?? '1',
      description: [
        'The portal’s REST API for carriers’, forwarders’ and terminals’ systems. Authenticate with an API key of your organisation (Administration → API keys, or `createApiKey` with an organisation admin’s session), sent as `Authorization: ApiKey scr_<prefix>_<secret>`; each operation names the scopes the key needs. Your transfer targets, the organisations with a finalised connection to yours, are `findOrganizations` with `connected=true`: their names, addresses and roles.',
        'Custody actions (transfer, revoke, block, unblock, assign, unassign, pincode, transfer to and revoke from the PCS) are signed by your organisation’s key in your own ID wallet (`npm run wallet`, DESIGN §3): the portal never holds the key and never reads a pincode. What is signed is one statement per action, sent as canonical JSON: its schema per action (`TransferStatement`, …, `RevokeFromPcsStatement`) names each member and says the canonical JSON rule, how a `pincodeHash` is formed and how to sign. The ledger records which API key called.',
        'Port integrations: the port’s status system reports green lights (`postPortStatusEvents`, scope `port-status:write`), a carrier’s system may send EDIFACT COREOR (`uploadCoreor`), and the PCS actions go through the port community system.',
        'Webhooks: the endpoints and their delivery log are managed by an organisation admin in the portal (Administration → Webhooks), not with an API key, so they are not operations here. What the portal POSTs to your endpoint is described under `webhooks` (`releaseEvent`, and `checkpoint` for the ledger’s signed checkpoints): the JSON body and the headers, with `X-SCR-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" under the endpoint’s secret}`.',
        'The ledger: every custody event, once, is a leaf of one RFC 9162 Merkle tree whose root the server signs every minute (`getCheckpoint` with `latest`, open to anyone). Keep checkpoints, and ask for the proof that a later one extends yours (`getConsistencyProof`, open) or that an event of your chain is in one (`getInclusionProof`); both verify with the domain’s `verifyConsistency` and `verifyInclusion`, or any RFC 9162 verifier.',
        'Errors answer the error catalogue’s JSON (`data.code`, `data.key`, `data.fields`); a release outside your chain is not found.',
      ].join('\n\n'),
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    servers: [{ url: apiBasePath }],
    tags: [...new Set((options.operations ?? apiOperations).map((op) => op.tag))].map((name) => ({
      name,
      description: tagDescriptionOf(name),
    })),
    paths,
    webhooks: {
      releaseEvent: webhookDelivery(names),
      checkpoint: webhookDelivery(names, {
        id: 'receiveCheckpoint',
        schema: checkpointWebhookBodySchema,
        summary:
          'A new signed checkpoint of the whole ledger, to each endpoint that takes `checkpoint`',
        description:
          'Keep it: a later checkpoint must extend it (`getConsistencyProof`), which proves no event it holds was rewritten, removed or moved (docs/ledger.md). Check its signature against the server’s address first.',
      }),
    },
    components: {
      schemas: Object.fromEntries(
        Object.entries(namedSchemas).map(([name, schema]) => [
          name,
          jsonSchema(schema, names, schema),
        ]),
      ),
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: `\`ApiKey scr_<prefix>_<secret>\`. Scopes: ${scopeList}. A key sent as \`Bearer scr_…\` is refused with 401 \`api_key_wrong_scheme\`: the bearer scheme is a person’s session.`,
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: webhookHeaders.signature,
          description: `What the portal sends to your webhook endpoint, not a credential you send: \`t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}" under the endpoint’s secret}\`. Refuse a delivery whose signature does not match or whose \`t\` is more than ${webhookToleranceSeconds / 60} minutes off.`,
        },
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A signed-in person’s access token (the web app’s).',
        },
      },
    },
  };
}
