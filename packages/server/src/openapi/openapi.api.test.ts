import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { httpMethodOf, securityOf } from './api-operation.ts';
import { apiOperations } from './operations.ts';
import { operationPath } from './openapi-document.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is loose JSON
const fetchDocument = async (): Promise<any> => {
  const answer = await fetch(`${server.baseUrl}/api/openapi.json`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toContain('application/json');
  return answer.json();
};

describe('issue 14 item 3: the OpenAPI 3.1 document of the machine API', () => {
  it('validates against the OpenAPI 3.1 schema, and each of its schemas compiles as JSON Schema 2020-12', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');

    // Strict: a keyword typo or a broken reference in a schema fails here.
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    ajv.addKeyword('example');
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    }
    const refOk = (schema: object) => expect(() => ajv.compile(schema)).not.toThrow();
    const items = [
      ...Object.values<Record<string, never>>(document.paths),
      ...Object.values<Record<string, never>>(document.webhooks),
    ];
    for (const item of items) {
      for (const operation of Object.values<{
        requestBody?: { content: Record<string, { schema: object }> };
        responses: Record<string, { content?: Record<string, { schema: object }> }>;
        parameters: { schema: object }[];
      }>(item)) {
        if (operation.requestBody) refOk(operation.requestBody.content['application/json']!.schema);
        for (const response of Object.values(operation.responses)) {
          if (response.content) refOk(response.content['application/json']!.schema);
        }
        for (const parameter of operation.parameters) refOk(parameter.schema);
      }
    }
  });

  it('describes every machine action, each by a registered service method, with the key scopes it needs', async () => {
    const document = await fetchDocument();
    const ids = apiOperations.map((operation) => operation.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of apiOperations) {
      const service = server.portal.app.service(operation.service as never) as unknown as Record<
        string,
        unknown
      >;
      expect(typeof service[operation.method], `${operation.id}`).toBe('function');
      const described = document.paths[operationPath(operation)][httpMethodOf[operation.method]];
      expect(described.operationId).toBe(operation.id);
      expect(described.security).toEqual(securityOf(operation));
      // The API keys themselves are managed with a person's session only.
      if (operation.sessionOnly) expect(described.security).toEqual([{ session: [] }]);
      else expect(described.security[0]).toEqual({ apiKey: [...operation.scopes] });
    }
    // The brief's list: create, update, delete, block, unblock, transfer, revoke, assign,
    // pincode, find, audit trail, gate events.
    expect(ids).toEqual(
      expect.arrayContaining([
        'createReleases',
        'editRelease',
        'deleteRelease',
        'blockReleases',
        'unblockReleases',
        'transferReleases',
        'revokeReleases',
        'assignReleases',
        'unassignReleases',
        'fetchPincodes',
        'findContainers',
        'findBillsOfLading',
        'readAuditTrails',
        'gateCheck',
        'gateOut',
        // Issue 14 items 1, 2 and 4: the PCS, green lights and COREOR.
        'transferToPcs',
        'revokeFromPcs',
        'getPcsReport',
        'postPortStatusEvents',
        'uploadCoreor',
      ]),
    );
    // Only systems post port status and gate events: no session among their security.
    for (const id of ['postPortStatusEvents', 'gateCheck', 'gateOut']) {
      const operation = apiOperations.find((candidate) => candidate.id === id)!;
      const described = document.paths[operationPath(operation)].post;
      expect(described.security, id).toEqual([{ apiKey: [...operation.scopes] }]);
    }
    expect(
      document.paths['/releases/pcs/transferToPcs'].put.security.map(Object.keys).flat(),
    ).toEqual(['apiKey', 'session']);
    // The create body is the very schema the service validates with: the spec's shape.
    const create = document.components.schemas.ReleaseCreate;
    expect(Object.keys(create.properties.container.properties)).toEqual(
      expect.arrayContaining(['blNumber', 'containerNumber', 'ediName', 'ediLocode', 'ediPcs']),
    );
    expect(create.properties.container.additionalProperties).toBe(false);

    // Answers are the domain's shapes, not loose objects: the release's traffic light names the
    // seven kinds with their values (releases spec §3, §4), the COREOR answer its reasons.
    const lights = document.components.schemas.GreenLights;
    expect(Object.keys(lights.properties.events.properties)).toHaveLength(7);
    expect(lights.properties.events.properties.customs.properties.value.enum).toContain(
      'selectedForScan',
    );
    expect(document.components.schemas.Release.properties.greenLights.anyOf).toEqual([
      { $ref: '#/components/schemas/GreenLights' },
      { type: 'null' },
    ]);
    expect(document.components.schemas.CoreorError.properties.reason.enum).toContain(
      'invalidField',
    );
  });

  it('gives every tag a description, and each webhook an operationId and the signature it carries as its security', async () => {
    const document = await fetchDocument();
    const tags = document.tags.map((tag: { name: string }) => tag.name);
    const used = new Set<string>();
    for (const item of Object.values<Record<string, { tags: string[] }>>(document.paths)) {
      for (const operation of Object.values(item)) operation.tags.forEach((tag) => used.add(tag));
    }
    expect(tags.sort()).toEqual([...used].sort());
    for (const tag of document.tags) expect(tag.description, tag.name).toMatch(/\w{3,}/);
    const webhooks = Object.values<{ post: Record<string, never> }>(document.webhooks);
    expect(webhooks.map(({ post }) => post.operationId)).toEqual([
      'receiveReleaseEvent',
      'receiveCheckpoint',
    ]);
    for (const { post } of webhooks) expect(post.security).toEqual([{ webhookSignature: [] }]);
    expect(document.components.securitySchemes.webhookSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-scr-signature',
    });
  });

  it('access spec §8 "Session invalid": the key scheme says a key sent as Bearer is refused as api_key_wrong_scheme', async () => {
    const document = await fetchDocument();
    const { apiKey, session } = document.components.securitySchemes;
    expect(apiKey.description).toContain(
      '`Bearer scr_…` is refused with 401 `api_key_wrong_scheme`',
    );
    expect(session.scheme).toBe('bearer');
  });

  it('leaves the webhooks administration out (people only) and describes what an endpoint receives', async () => {
    const document = await fetchDocument();
    expect(Object.keys(document.paths).some((path) => path.includes('webhook'))).toBe(false);
    expect(document.info.description).toContain('Administration → Webhooks');
    const delivery = document.webhooks.releaseEvent.post;
    expect(delivery.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookEvent',
    });
    expect(delivery.parameters.map((parameter: { name: string }) => parameter.name)).toContain(
      'x-scr-signature',
    );
    expect(document.components.schemas.WebhookEvent.properties.type.enum).toEqual([
      'received',
      'revoked',
      'updated',
      'deleted',
      'blocked',
      'unblocked',
      'assigned',
      'unassigned',
      'gateOut',
      'greenLight',
    ]);
  });
});

describe('issue 14 item 3: the docs at /api/docs, under the portal’s CSP', () => {
  it('serves Swagger UI from the portal itself, with no inline script, and its assets', async () => {
    const page = await fetch(`${server.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy')!;
    const scriptSources = /script-src ([^;]*)/.exec(csp)![1]!;
    expect(scriptSources).not.toMatch(/unsafe-inline|unsafe-eval/);
    const html = await page.text();
    // Every script has a src of the portal's own; none has a body.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/[\w.-]+\.js"/);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/https?:\/\//);
    const linked = [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(linked).toEqual(
      expect.arrayContaining(['/api/docs/swagger-ui-bundle.js', '/api/docs/docs-init.js']),
    );
    for (const path of linked) {
      const asset = await fetch(`${server.baseUrl}${path}`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(asset.status, path).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, path).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${server.baseUrl}/api/docs/docs-init.js`)).text();
    expect(init).toContain("url: '/api/openapi.json'");
    expect(init).toContain('validatorUrl: null');
  });

  it('serves nothing else under /api/docs', async () => {
    for (const path of ['/api/docs/package.json', '/api/docs/index.html', '/api/docs/x.js']) {
      const answer = await fetch(`${server.baseUrl}${path}`);
      expect(answer.status, path).toBe(404);
      expect(((await answer.json()) as { data: { code: string } }).data.code).toBe('not_found');
    }
  });
});
