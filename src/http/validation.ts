// Request validation driven by schemas/: ajv errors become field errors in Django REST framework's shape.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import codePointLength from 'ajv/dist/runtime/ucs2length';
import type { Context, Next } from 'koa';
import { type FieldErrors, HttpError, validationError } from './errors';
import type { JsonSchema } from './schemas';
import type { SchemaTypes } from '../types/schemas';

const TYPE_MESSAGES: Record<string, string> = {
  integer: 'A valid integer is required.',
  number: 'A valid number is required.',
  string: 'Not a valid string.',
  boolean: 'Must be a valid boolean.',
  array: 'Expected a list of items.',
  object: 'Expected an object.',
};

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'type':
      return TYPE_MESSAGES[String(params.type).split(',')[0]] ?? `Must be of type ${String(params.type)}.`;
    case 'enum':
      return `"${String(error.data)}" is not a valid choice.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(params.limit)}.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(params.limit)}.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(params.limit)} characters.`;
    case 'minLength':
      return params.limit === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${String(params.limit)} characters.`;
    case 'maxItems':
      return `Ensure this field has no more than ${String(params.limit)} elements.`;
    case 'pattern':
    case 'format':
      return 'Enter a valid value.';
    case 'uniqueItems':
      return 'Duplicate values are not allowed.';
    case 'minProperties':
      return params.limit === 1 ? 'At least one field is required.' : `At least ${String(params.limit)} fields are required.`;
    case 'additionalProperties':
      return `Unexpected field "${String(params.additionalProperty)}".`;
    default:
      return error.message ?? 'Invalid value.';
  }
}

/** The top-level field an error belongs to, or non_field_errors when it concerns the whole object. */
function fieldOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const segment = error.instancePath.split('/')[1];
  if (segment) return decodeURIComponent(segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') return String(params.missingProperty);
  return 'non_field_errors';
}

export function toFieldErrors(errors: ErrorObject[]): FieldErrors {
  const result: FieldErrors = {};
  // A value of the wrong type is reported as that alone: what else is wrong with it is noise.
  const mistyped = new Set(errors.filter((error) => error.keyword === 'type').map(fieldOf));
  for (const error of errors) {
    if (mistyped.has(fieldOf(error)) && error.keyword !== 'type') continue;
    // An if/then schema reports the failed "then" keyword's own errors too; the "if" error itself says nothing.
    if (error.keyword === 'if') continue;
    const field = fieldOf(error);
    const message = messageOf(error);
    const list = (result[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return result;
}

/**
 * ajv's own `pattern`, except that a string already too long for its schema's `maxLength` is not matched: with
 * allErrors ajv would still run the pattern over a megabyte of text that maxLength has refused. Every pattern in
 * schemas/ is also linear on its own, in JavaScript's engine: test/http/schema-patterns.test.ts holds them to that.
 * (A linear engine through ajv's code.regExp, such as re2js, was not taken: its \s is ASCII only, which would change
 * what a "not blank" name accepts, and the test already stops a backtracking pattern from coming in.)
 */
function patternAfterLength(ajv: Ajv): void {
  ajv.removeKeyword('pattern');
  ajv.addKeyword({
    keyword: 'pattern',
    type: 'string',
    schemaType: 'string',
    compile(pattern: string, parentSchema) {
      const regExp = new RegExp(pattern, 'u');
      const { maxLength } = parentSchema as { maxLength?: unknown };
      const tooLong = typeof maxLength === 'number' ? (text: string) => text.length > maxLength && codePointLength(text) > maxLength : () => false;
      return (text: string) => tooLong(text) || regExp.test(text);
    },
  });
}

function buildAjv(schemas: JsonSchema[], coerceTypes: false | 'array'): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, coerceTypes, useDefaults: true, strict: false });
  addFormats(ajv);
  patternAfterLength(ajv);
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

// PostgreSQL stores neither NUL characters nor unpaired surrogates (in text or jsonb): refused here, for every JSON
// body, instead of failing in the database.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Field errors for strings anywhere in the body that the database cannot store, by top-level field. */
export function unstorableStrings(body: unknown): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const visit = (value: unknown, field: string): void => {
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) errors[field] = [value.includes('\u0000') ? 'Null characters are not allowed.' : 'Invalid Unicode text.'];
    } else if (Array.isArray(value)) {
      value.forEach((item) => visit(item, field));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) errors[field] = ['Invalid Unicode text.'];
        visit(item, field);
      }
    }
  };
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) visit(value, UNSTORABLE.test(key) ? 'non_field_errors' : key);
  } else {
    visit(body, 'non_field_errors');
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export interface Validator {
  /** Validates, coerces and fills defaults in ctx.query; the result is ctx.state.query. */
  query(schemaId: string): (ctx: Context, next: Next) => Promise<void>;
  /** Validates, coerces and fills defaults in form fields (multipart, already parsed); the result is ctx.state.body. */
  form(schemaId: string): (ctx: Context, next: Next) => Promise<void>;
  /** Requires a JSON body and validates it; the result is ctx.state.body. */
  /** optional: a request with no body at all (no Content-Type, no length) is taken as {}. */
  jsonBody(schemaId: string, options?: { optional: boolean }): (ctx: Context, next: Next) => Promise<void>;
  /** For contract tests and internal checks: the errors of value against a schema, or null. */
  errorsOf(schemaId: string, value: unknown): FieldErrors | null;
  /**
   * A message (the editing channel's) as the generated type of the schema that validated it, defaults filled in; or
   * its field errors. Validation is what gives it its type: its readers never cast it.
   */
  parse<Id extends keyof SchemaTypes>(schemaId: Id, value: unknown): { value: SchemaTypes[Id] } | { errors: FieldErrors };
}

// Compiling every schema takes a noticeable part of start-up: the HTTP app and the editing channel share one.
const validators = new WeakMap<JsonSchema[], Validator>();

/** The validator of these schemas, compiled once per schema list. */
export function createValidator(schemas: JsonSchema[]): Validator {
  const known = validators.get(schemas);
  if (known) return known;
  const validator = compileValidator(schemas);
  validators.set(schemas, validator);
  return validator;
}

function compileValidator(schemas: JsonSchema[]): Validator {
  // Query strings and form fields are all text: one instance coerces ("1" -> 1, a lone value -> [value]);
  // JSON bodies are taken as sent.
  const queryAjv = buildAjv(schemas, 'array');
  const bodyAjv = buildAjv(schemas, false);
  const compiled = <T = unknown>(ajv: Ajv, id: string): ValidateFunction<T> => {
    const validate = ajv.getSchema<T>(id);
    if (!validate) throw new Error(`no schema ${id} in schemas/`);
    return validate;
  };
  return {
    query(schemaId) {
      const validate = compiled(queryAjv, schemaId);
      return async (ctx, next) => {
        const query: Record<string, unknown> = { ...ctx.query };
        if (!validate(query)) throw validationError(toFieldErrors(validate.errors ?? []));
        ctx.state.query = query;
        ctx.state.querySchema = schemaId;
        await next();
      };
    },
    form(schemaId) {
      const validate = compiled(queryAjv, schemaId);
      return async (ctx, next) => {
        const fields: Record<string, unknown> = { ...((ctx.request as { body?: object }).body ?? {}) };
        if (!validate(fields)) throw validationError(toFieldErrors(validate.errors ?? []));
        ctx.state.body = fields;
        ctx.state.bodySchema = schemaId;
        await next();
      };
    },
    jsonBody(schemaId, options) {
      const validate = compiled(bodyAjv, schemaId);
      return async (ctx, next) => {
        if (options?.optional && !ctx.request.length && !ctx.get('Content-Type')) {
          ctx.state.body = {};
          ctx.state.bodySchema = schemaId;
          return next();
        }
        if (!ctx.is('application/json')) {
          // A form post is the usual mistake: the answer says what to send instead.
          throw new HttpError(415, { detail: `Unsupported media type "${ctx.get('Content-Type')}" in request. Send JSON (Content-Type: application/json).` });
        }
        const { body } = ctx.request;
        if (!validate(body)) throw validationError(toFieldErrors(validate.errors ?? []));
        const unstorable = unstorableStrings(body);
        if (unstorable) throw validationError(unstorable);
        ctx.state.body = body;
        ctx.state.bodySchema = schemaId;
        await next();
      };
    },
    errorsOf(schemaId, value) {
      const validate = compiled(bodyAjv, schemaId);
      return validate(value) ? null : toFieldErrors(validate.errors ?? []);
    },
    parse<Id extends keyof SchemaTypes>(schemaId: Id, value: unknown) {
      const validate = compiled<SchemaTypes[Id]>(bodyAjv, schemaId);
      return validate(value) ? { value } : { errors: toFieldErrors(validate.errors ?? []) };
    },
  };
}
