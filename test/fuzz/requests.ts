// One generated request for an operation: valid, or with one thing wrong (a parameter, a field, the method, the
// content type, the JSON, the size), sent by one of the world's actors.
import type { Actor } from './world';
import type { Operation, Schema } from './spec';
import { HOSTILE_VALUES, pick, type Random, validValue } from './values';

export interface FuzzRequest {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | FormData;
  actor: Actor;
}

export const KINDS = ['valid', 'valid', 'valid', 'parameter', 'extra-parameter', 'field', 'extra-field', 'missing-field',
  'wrong-method', 'content-type', 'broken-json', 'huge-body'] as const;
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface RequestContext {
  random: Random;
  actors: Actor[];
  /** Ids and other values seen in answers so far, by field name: requests reuse other users' ids. */
  seen: Map<string, unknown[]>;
  methodsOfPath: Set<string>;
  image: Buffer;
  maxJsonBytes: number;
}

/** Mostly a value seen under the parameter's own name, else any id seen, else a small id. */
function pathParameterValue(name: string, context: RequestContext): unknown {
  const own = context.seen.get(name) ?? [];
  if (own.length > 0 && context.random() < 0.7) return pick(context.random, own);
  const ids = context.seen.get('id') ?? [];
  return ids.length > 0 && context.random() < 0.7 ? pick(context.random, ids) : 1 + Math.floor(context.random() * 5);
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

function jsonBody(schema: Schema, kind: string, context: RequestContext): string {
  const value = validValue(schema, context.random) as Record<string, unknown>;
  const fields = Object.keys((schema.properties ?? {}) as object);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    if (kind === 'field' && fields.length > 0) value[pick(context.random, fields)] = pick(context.random, HOSTILE_VALUES);
    if (kind === 'missing-field' && fields.length > 0) delete value[pick(context.random, fields)];
    if (kind === 'extra-field') value[`extra_${Math.floor(context.random() * 100)}`] = pick(context.random, HOSTILE_VALUES);
  }
  if (kind === 'field' && fields.length === 0) return JSON.stringify(pick(context.random, HOSTILE_VALUES));
  return JSON.stringify(value);
}

function multipartBody(schema: Schema, kind: string, context: RequestContext): FormData {
  const form = new FormData();
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const value = validValue(schema, context.random) as Record<string, unknown>;
  const broken = kind === 'field' ? pick(context.random, Object.keys(properties)) : undefined;
  const missing = kind === 'missing-field' ? pick(context.random, Object.keys(properties)) : undefined;
  for (const [name, property] of Object.entries(properties)) {
    if (name === missing) continue;
    if (property.format === 'binary') {
      const content = name === broken ? Buffer.from(asText(pick(context.random, HOSTILE_VALUES))) : context.image;
      form.append(name, new Blob([content], { type: 'image/jpeg' }), 'fuzz.jpg');
    } else if (name === broken) {
      form.append(name, asText(pick(context.random, HOSTILE_VALUES)));
    } else if (name in value) {
      form.append(name, asText(value[name]));
    }
  }
  if (kind === 'extra-field') form.append('extra', asText(pick(context.random, HOSTILE_VALUES)));
  return form;
}

export function generateRequest(operation: Operation, context: RequestContext): FuzzRequest {
  const { random } = context;
  const kind = pick(random, KINDS);
  const actor = pick(random, context.actors);
  const headers: Record<string, string> = actor.authorization ? { Authorization: actor.authorization } : {};
  const query = new URLSearchParams();
  let path = operation.path;
  const mutated = kind === 'parameter' && operation.parameters.length > 0 ? pick(random, operation.parameters) : undefined;
  for (const parameter of operation.parameters) {
    const broken = parameter === mutated;
    if (parameter.in === 'path') {
      const value = broken ? pick(random, HOSTILE_VALUES) : pathParameterValue(parameter.name, context);
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(asText(value)));
    } else if (broken && random() < 0.3) {
      continue;
    } else if (broken || parameter.required || random() < 0.5) {
      const value = broken ? pick(random, HOSTILE_VALUES) : validValue(parameter.schema, random);
      for (const item of Array.isArray(value) && !broken ? value : [value]) query.append(parameter.name, asText(item));
    }
  }
  if (kind === 'extra-parameter') query.append(`extra_${Math.floor(random() * 100)}`, asText(pick(random, HOSTILE_VALUES)));
  const url = `${path}${query.size > 0 ? `?${query}` : ''}`;
  let method = operation.method;
  if (kind === 'wrong-method') {
    const others = OTHER_METHODS.filter((name) => !context.methodsOfPath.has(name));
    if (others.length > 0) method = pick(random, others);
  }
  const request: FuzzRequest = { kind, method, path: url, headers, actor };
  const schema = operation.body?.schema;
  if (!schema || method === 'GET' || method === 'HEAD') return request;
  if (kind === 'content-type') {
    request.headers['Content-Type'] = pick(random, ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data']);
    request.body = jsonBody(schema, 'valid', context);
  } else if (kind === 'broken-json') {
    request.headers['Content-Type'] = 'application/json';
    const text = jsonBody(schema, 'valid', context);
    request.body = text.slice(0, Math.max(1, Math.floor(text.length * random())));
  } else if (kind === 'huge-body') {
    request.headers['Content-Type'] = operation.body!.contentType === 'application/json' ? 'application/json' : 'text/plain';
    request.body = JSON.stringify({ padding: 'x'.repeat(context.maxJsonBytes + 1024) });
  } else if (operation.body!.contentType === 'multipart/form-data') {
    request.body = multipartBody(schema, kind, context);
  } else {
    request.headers['Content-Type'] = 'application/json';
    request.body = jsonBody(schema, kind, context);
  }
  return request;
}
