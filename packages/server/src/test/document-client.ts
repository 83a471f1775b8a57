import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
type Loose = any;

interface OperationEntry {
  path: string;
  method: string;
  /** JSON pointer of the operation in the document. */
  pointer: string[];
  operation: Loose;
}

export interface DocumentCall {
  /** Values of the path's parameters (`{id}`). */
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface DocumentAnswer {
  status: number;
  body: Loose;
}

const pointerOf = (segments: string[]) =>
  segments
    .map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1')))
    .join('/');

/** `?name=v` by the parameter's style: `deepObject` → `name[key]=v`, lists repeat the name. */
function appendParameter(search: URLSearchParams, name: string, value: unknown, style: string) {
  if (Array.isArray(value)) {
    for (const item of value) appendParameter(search, name, item, style);
  } else if (value !== null && typeof value === 'object') {
    if (style !== 'deepObject') throw new Error(`${name}: an object needs style deepObject`);
    for (const [key, inner] of Object.entries(value)) {
      appendParameter(search, `${name}[${key}]`, inner, style);
    }
  } else {
    search.append(name, String(value));
  }
}

/**
 * A client that knows the API only from its OpenAPI document (issue 14 item 3 acceptance): it
 * reads `/api/openapi.json`, finds each operation by its `operationId` (path, method,
 * parameters), refuses to send a body the document's request schema rejects, and checks every
 * answer against the document's schema for its status. No URL is written by hand.
 */
export async function documentClient(baseUrl: string, authorization: string) {
  const document: Loose = await (await fetch(new URL('/api/openapi.json', baseUrl))).json();
  const documentUrl = new URL('/api/openapi.json', baseUrl);
  const apiBase = new URL(document.servers[0].url, documentUrl).href.replace(/\/$/, '');
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema(document, 'openapi');

  const operations = new Map<string, OperationEntry>();
  for (const [path, item] of Object.entries<Loose>(document.paths)) {
    for (const [method, operation] of Object.entries<Loose>(item)) {
      operations.set(operation.operationId, {
        path,
        method,
        pointer: ['paths', path, method],
        operation,
      });
    }
  }

  const validator = (segments: string[]): ValidateFunction => {
    const validate = ajv.getSchema(`openapi#/${pointerOf(segments)}`);
    if (!validate) throw new Error(`no schema at ${segments.join(' / ')}`);
    return validate;
  };
  const problems = (validate: ValidateFunction) => ajv.errorsText(validate.errors);

  async function call(operationId: string, input: DocumentCall = {}): Promise<DocumentAnswer> {
    const entry = operations.get(operationId);
    if (!entry) throw new Error(`the document has no operation ${operationId}`);
    const parameters: Loose[] = entry.operation.parameters ?? [];
    let path = entry.path;
    const search = new URLSearchParams();
    for (const parameter of parameters) {
      const source = parameter.in === 'path' ? input.path : input.query;
      const value = source?.[parameter.name];
      if (value === undefined) {
        if (parameter.required) throw new Error(`${operationId}: ${parameter.name} is required`);
        continue;
      }
      if (parameter.in === 'path') {
        path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
      } else appendParameter(search, parameter.name, value, parameter.style ?? 'form');
    }
    const declared = new Set(parameters.map((parameter) => parameter.name));
    for (const name of Object.keys(input.query ?? {})) {
      if (!declared.has(name)) throw new Error(`${operationId} has no query parameter ${name}`);
    }
    if (input.body !== undefined) {
      if (!entry.operation.requestBody) throw new Error(`${operationId} takes no body`);
      const validate = validator([
        ...entry.pointer,
        'requestBody',
        'content',
        'application/json',
        'schema',
      ]);
      if (!validate(input.body)) {
        throw new Error(`${operationId}: the document refuses this body: ${problems(validate)}`);
      }
    }
    const query = search.toString();
    const response = await fetch(`${apiBase}${path}${query ? `?${query}` : ''}`, {
      method: entry.method.toUpperCase(),
      headers: { authorization, 'content-type': 'application/json' },
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
    const text = await response.text();
    const body = text ? JSON.parse(text) : null;
    const status = String(response.status);
    const documented = entry.operation.responses[status] ? status : 'default';
    const validate = validator([
      ...entry.pointer,
      'responses',
      documented,
      'content',
      'application/json',
      'schema',
    ]);
    if (!validate(body)) {
      throw new Error(
        `${operationId} answered ${status} outside its document: ${problems(validate)}\n${text.slice(0, 500)}`,
      );
    }
    return { status: response.status, body };
  }

  return { document, call, operationIds: () => [...operations.keys()] };
}
