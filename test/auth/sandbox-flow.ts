// The sandbox login's steps as a front end and its browser take them, over supertest (one agent is one browser).
import { expect } from 'chai';
import type request from 'supertest';

export const BASE = 'http://photobook.test';
export type Agent = ReturnType<typeof request.agent>;

/** A path and query of one of the service's absolute URLs, for supertest. */
export const local = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).to.equal(BASE);
  return parsed.pathname + parsed.search;
};

/** GET /auth/sandbox/: the consent page's URL, as the front end gets it (with the token it holds, if any). */
export async function startLogin(agent: Agent, authorization?: string): Promise<URL> {
  const start = agent.get('/auth/sandbox/');
  const response = await (authorization ? start.set('Authorization', authorization) : start);
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  return new URL(response.body.url);
}

/** What the page's form sends: its hidden fields (the login request) and the fields given. */
export function approval(page: URL, fields: Record<string, string>): string {
  const url = new URL('/auth/sandbox/authorize/approve/', page);
  page.searchParams.forEach((value, name) => url.searchParams.set(name, value));
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  return local(url.toString());
}

/** The provider's redirect back to the service for a started login: the callback's path, for the same agent to get. */
export async function approvedCallback(agent: Agent, page: URL, fields: Record<string, string>): Promise<string> {
  const approved = await agent.get(approval(page, fields));
  expect(approved.status, JSON.stringify(approved.body)).to.equal(302);
  return local(approved.headers.location);
}

/** The whole login by one browser: the callback's answer. */
export async function logIn(agent: Agent, fields: Record<string, string>, authorization?: string) {
  return agent.get(await approvedCallback(agent, await startLogin(agent, authorization), fields));
}

export const tokenOf = (callback: request.Response) => {
  expect(callback.status, JSON.stringify(callback.body)).to.equal(302);
  const location = new URL(callback.headers.location);
  expect(location.origin + location.pathname).to.equal(`${BASE}/oauth/success/`);
  return location.searchParams.get('set_token')!;
};
