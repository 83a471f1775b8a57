import type { TObject } from '@feathersjs/typebox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentApplySchema,
  assignmentDryRunSchema,
} from '../services/assignment/assignment.schema.ts';
import {
  custodyApplySchema,
  custodyDryRunSchema,
  pincodeLogApplySchema,
  pincodeLogDryRunSchema,
} from '../services/custody/custody.schema.ts';
import { pcsApplySchema, pcsDryRunSchema } from '../services/pcs/pcs.schema.ts';
import { releaseCreateSchema, releasePatchSchema } from '../services/releases/releases.schema.ts';
import { requestForReleaseCreateSchema } from '../services/requests-for-release/requests-for-release.schema.ts';
import { apiCaller, type SignedInOrganization } from '../test/admin-kit.ts';
import { signedInChain } from '../test/custody.ts';
import { releaseTerminal, uniqueBl, uniqueContainer } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

/*
 * The document's request bodies mark what the server refuses without (releases spec §3 "Create
 * payload", §5 "Create and edit a release"), so a client that keeps to the document is not
 * refused for a missing field, and one the document refuses is one the server refuses too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is loose JSON
let document: any;
let server: TestServer;
let carrier: SignedInOrganization;
let forwarder: SignedInOrganization;
let terminal: string;
const ajv = new Ajv2020({ strict: false, validateFormats: false });

beforeAll(async () => {
  server = await startTestApp();
  [carrier, forwarder] = await signedInChain(server, [{}, {}]);
  terminal = await releaseTerminal(server.knex);
  document = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
  ajv.addSchema(document, 'openapi');
});
afterAll(() => server?.stop());

/** Whether the document's named schema takes the value. */
const documentTakes = (name: string, value: unknown) =>
  ajv.getSchema(`openapi#/components/schemas/${name}`)!(value);

const release = (container: Record<string, unknown> = {}, bl: Record<string, unknown> = {}) => ({
  billOfLading: { blNumber: uniqueBl(), ...bl },
  container: { containerNumber: uniqueContainer(), pickupLocation: terminal, ...container },
});

const post = (path: string, body: unknown, org = carrier, method = 'POST') =>
  apiCaller(server)(path, { method, token: org.tokens[0], body });

describe('releases spec §3, §5: ReleaseCreate marks what the server refuses without', () => {
  it.each([
    ['blNumber', 'billOfLading', 'blNumberRequired'],
    ['containerNumber', 'container', 'containerNumberRequired'],
    ['pickupLocation', 'container', 'pickupLocationRequired'],
  ] as const)(
    'releases spec §5: %s missing, null or blank is refused by the document and by the server',
    async (field, part, message) => {
      for (const value of [undefined, null, '   ']) {
        const body = release();
        const holder = body[part] as Record<string, unknown>;
        if (value === undefined) delete holder[field];
        else holder[field] = value;
        expect(documentTakes('ReleaseCreate', body), `${field} ${value}`).toBe(false);
        const answer = await post('releases', body);
        expect(answer.status, `${field} ${value}`).toBe(400);
        expect(answer.body.data.fields).toEqual({ [field]: `releases.validation.${message}` });
      }
    },
  );

  it('releases spec §5, §9: a complete create and one with null where nulls are allowed are taken by both', async () => {
    const bodies = [
      release(),
      release(
        {
          validFrom: null,
          validUntil: null,
          pincode: null,
          encryptedPincode: null,
          blNumber: null,
          isoTypeCode: null,
        },
        { vessel: null, voyageNumber: null },
      ),
    ];
    for (const body of bodies) {
      expect(documentTakes('ReleaseCreate', body)).toBe(true);
      const answer = await post('releases', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.containerNumber).toBe(body.container.containerNumber);
    }
    // An empty date is refused by both (a null one takes the default).
    const empty = release({ validFrom: '' });
    expect(documentTakes('ReleaseCreate', empty)).toBe(false);
    const refused = await post('releases', empty);
    expect(refused.body.data.fields).toEqual({
      validFrom: 'releases.validation.validFromRequired',
    });
  });

  it('releases spec §3 "Edit form fields": an edit may not empty the pick-up location or the end date, in the document as on the server', async () => {
    const created = await post('releases', release());
    const address = created.body.address;
    for (const edit of [{ pickupLocation: '' }, { validUntil: null }]) {
      expect(documentTakes('ReleasePatch', edit)).toBe(false);
      const answer = await post(`releases/${address}`, edit, carrier, 'PATCH');
      expect(answer.status, JSON.stringify(edit)).toBe(400);
    }
    expect(documentTakes('ReleasePatch', { vessel: null })).toBe(true);
  });
});

describe('DESIGN §3: the custody bodies mark what each action needs', () => {
  it('a transfer names its target, an assign its assignee, the PCS and pincode calls their releases: the document and the server refuse each without', async () => {
    const created = await post('releases', release());
    const address: string = created.body.address;
    const cases = [
      {
        name: 'TransferDryRun',
        path: 'transfers',
        org: carrier,
        body: { dryRun: true, release_addresses: [address] },
        refusal: { code: 'missing_target_organization' },
      },
      {
        name: 'AssignDryRun',
        path: 'releases/assignment/assign',
        method: 'PUT',
        org: forwarder,
        body: {
          dryRun: true,
          releaseAddresses: [address],
          type: 'driver',
          identificationType: 'alfapass',
        },
        refusal: { code: 'validation_failed', fields: { identification: 'validation.required' } },
      },
      {
        name: 'PcsDryRun',
        path: 'releases/pcs/transferToPcs',
        method: 'PUT',
        org: forwarder,
        body: { dryRun: true },
        refusal: { code: 'no_release_selected' },
      },
      {
        name: 'PincodeDryRun',
        path: 'pincode-log',
        org: forwarder,
        body: { dryRun: true },
        refusal: { code: 'no_release_selected' },
      },
    ];
    for (const { name, path, method, org, body, refusal } of cases) {
      expect(documentTakes(name, body), name).toBe(false);
      const answer = await post(path, body, org, method);
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.data, name).toMatchObject(refusal);
    }
    // With what the document asks for, the dry runs are taken.
    const transfer = {
      dryRun: true,
      release_addresses: [address],
      target_organization_address: forwarder.address,
    };
    expect(documentTakes('TransferDryRun', transfer)).toBe(true);
    expect((await post('transfers', transfer)).status).toBe(201);
  });

  it('each documented body keeps exactly the properties of the schema the service validates with', () => {
    const pairs: [string, TObject][] = [
      ['ReleaseCreate', releaseCreateSchema],
      ['ReleasePatch', releasePatchSchema],
      ['RequestForReleaseCreate', requestForReleaseCreateSchema],
      ['TransferDryRun', custodyDryRunSchema],
      ['TransferApply', custodyApplySchema],
      ['CustodyDryRun', custodyDryRunSchema],
      ['CustodyApply', custodyApplySchema],
      ['PincodeDryRun', pincodeLogDryRunSchema],
      ['PincodeApply', pincodeLogApplySchema],
      ['AssignDryRun', assignmentDryRunSchema],
      ['AssignApply', assignmentApplySchema],
      ['UnassignDryRun', assignmentDryRunSchema],
      ['UnassignApply', assignmentApplySchema],
      ['PcsDryRun', pcsDryRunSchema],
      ['PcsApply', pcsApplySchema],
    ];
    const keys = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    for (const [name, schema] of pairs) {
      const documented = document.components.schemas[name];
      expect(keys(documented), name).toEqual(keys(schema));
      expect(documented.additionalProperties, name).toBe(false);
      // What the service requires, the document requires too.
      expect(documented.required, name).toEqual(expect.arrayContaining(schema.required ?? []));
    }
    const create = document.components.schemas.ReleaseCreate.properties;
    for (const part of ['billOfLading', 'container'] as const) {
      expect(keys(create[part]), part).toEqual(
        keys(releaseCreateSchema.properties[part] as TObject),
      );
    }
  });
});

describe('releases spec §9, access spec §9: every paged find documents its $limit maximum, and keeps to it', () => {
  it('names the maximum in the schema and in words, and the server never answers more rows than it', async () => {
    const paged: { id: string; path: string; maximum: number }[] = [];
    for (const [path, item] of Object.entries<
      Record<
        string,
        {
          operationId: string;
          parameters: { name: string; schema: { maximum?: number }; description?: string }[];
        }
      >
    >(document.paths)) {
      const find = item.get;
      const limit = find?.parameters.find((parameter) => parameter.name === '$limit');
      if (!find || !limit) continue;
      expect(limit.schema.maximum, find.operationId).toEqual(expect.any(Number));
      expect(limit.description, find.operationId).toContain(`at most ${limit.schema.maximum}`);
      paged.push({ id: find.operationId, path, maximum: limit.schema.maximum! });
    }
    expect(paged.map(({ id }) => id).sort()).toEqual(
      [
        'findBillsOfLading',
        'findContainers',
        'findOrganizations',
        'findRequestsForRelease',
        'listApiKeys',
      ].sort(),
    );
    // One more than the maximum: refused, or answered with at most the maximum.
    const extra: Record<string, string> = { findOrganizations: '&connected=true' };
    for (const { id, path, maximum } of paged) {
      const answer = await apiCaller(server)(
        `${path.slice(1)}?$limit=${maximum + 1}${extra[id] ?? ''}`,
        {
          token: carrier.tokens[0],
        },
      );
      if (answer.status === 400) continue;
      expect(answer.status, id).toBe(200);
      expect(answer.body.limit, id).toBeLessThanOrEqual(maximum);
    }
  });
});
