// The typed state of a request: who makes it (set by the authentication middleware) and what validation let through
// (set by src/http/validation.ts, with the schema that checked it). Routes read them here, typed from schemas/ by the
// generated src/types/schemas.d.ts, instead of casting ctx.state.
import type { Context } from 'koa';
import type { AuthenticatedUser } from '../shared/user';
import type { SchemaTypes } from '../types/schemas';
import { notAuthenticated } from './errors';

export type SchemaId = keyof SchemaTypes;

declare module 'koa' {
  interface DefaultState {
    /** The user of a valid token; absent for an anonymous request. */
    user?: AuthenticatedUser;
    requestId?: string;
    /** The validated body (JSON or form fields) and the schema that validated it: read it with bodyOf. */
    body?: unknown;
    bodySchema?: string;
    /** The validated query string and its schema: read it with queryOf. */
    query?: unknown;
    querySchema?: string;
  }
}

/** The request's user, for a route behind requireRole/requireAccount (a 401 if there is none). */
export function requireUser(ctx: Context): AuthenticatedUser {
  const { user } = ctx.state;
  if (!user) throw notAuthenticated();
  return user;
}

/** The request's user, or undefined for an anonymous request. */
export const optionalUser = (ctx: Context): AuthenticatedUser | undefined => ctx.state.user;

// The one place a validated value gets its schema's type: validation checked it against exactly that schema.
function validated<Id extends SchemaId>(value: unknown, checkedBy: string | undefined, id: Id, what: string): SchemaTypes[Id] {
  if (checkedBy !== id) throw new Error(`the route reads its ${what} as ${id} but it was validated by ${checkedBy ?? 'nothing'}`);
  return value as SchemaTypes[Id];
}

/** The body that validator.jsonBody(id) or validator.form(id) checked, typed by that schema. */
export const bodyOf = <Id extends SchemaId>(ctx: Context, id: Id): SchemaTypes[Id] =>
  validated(ctx.state.body, ctx.state.bodySchema, id, 'body');

/** The query string that validator.query(id) checked (and coerced), typed by that schema. */
export const queryOf = <Id extends SchemaId>(ctx: Context, id: Id): SchemaTypes[Id] =>
  validated(ctx.state.query, ctx.state.querySchema, id, 'query');
