// A shared book's people for the tests of issue 50: an owner with two books, and an editor, a contributor and a
// viewer who joined the first through invitations, plus a stranger; requests as each of them.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { processPhoto } from '../../src/worker/process-photo';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { TEST_JWT_SECRET, type TestRuntime } from '../helpers/runtime';
import { type ChildServer, startChildServer } from '../realtime/child-server';
import { photoLike } from '../photos/photo-images';

export type Person = { id: number; token: string; auth: string };
export type Role = 'viewer' | 'contributor' | 'editor';

export const as = (server: { url: string }, auth: string) => ({
  get: (path: string) => request(server.url).get(path).set('Authorization', auth),
  post: (path: string, body?: object) => request(server.url).post(path).set('Authorization', auth).send(body),
  patch: (path: string, body: object) => request(server.url).patch(path).set('Authorization', auth).send(body),
  delete: (path: string) => request(server.url).delete(path).set('Authorization', auth),
});

export async function person(runtime: TestRuntime, email: string, name = email.split('@')[0]): Promise<Person> {
  const user = await runtime.users.create({ email, role: 'user' });
  await runtime.db.sql.query('UPDATE users SET name = $2 WHERE id = $1', [user.id, name]);
  const token = runtime.tokens.issue(user);
  return { id: user.id, token, auth: `Bearer ${token}` };
}

export async function newBook(server: { url: string }, owner: Person, productId: number): Promise<{ id: string; pages: { id: string; type: string }[] }> {
  const response = await as(server, owner.auth).post('/api/ua/layout/', { product_id: productId });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body;
}

/** Invites with the role and accepts as the person; returns the invitation. */
export async function join(server: { url: string }, owner: Person, layoutId: string, who: Person, role: Role) {
  const invitation = await as(server, owner.auth).post(`/api/ua/layout/${layoutId}/invitations/`, { role });
  expect(invitation.status, JSON.stringify(invitation.body)).to.equal(201);
  const accepted = await as(server, who.auth).post(`/api/ua/invitations/${invitation.body.token}/accept/`);
  expect(accepted.status, JSON.stringify(accepted.body)).to.equal(200);
  return invitation.body as { id: string; token: string };
}

/** A processed photo of the person's library. */
export async function uploadPhoto(server: RunningServer & { url: string }, runtime: TestRuntime, who: Person): Promise<number> {
  const response = await request(server.url).post('/api/or/photo/').set('Authorization', who.auth)
    .attach('files', await photoLike(640, 480), { filename: 'photo.jpg', contentType: 'image/jpeg' });
  expect(response.status, JSON.stringify(response.body)).to.be.oneOf([200, 201]);
  await processPhoto.handle({ photoId: response.body.photo_id }, runtime.jobContext);
  return response.body.photo_id as number;
}

/**
 * A second process of the service on the test's database server (PostgreSQL only: PGlite is one process's), and the
 * way to stop it and the whole world. url: the second process's, or the first's on PGlite.
 */
export async function secondProcess(runtime: TestRuntime, server: RunningServer & { url: string }) {
  let child: ChildServer | undefined;
  let dataDir: string | undefined;
  if (DATABASE_KIND === 'postgres') {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-together-'));
    child = await startChildServer({
      DATABASE_URL: runtime.db.connectionString!, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, PUBLIC_BASE_URL: 'http://photobook.test',
    });
  }
  return {
    url: child?.url ?? server.url,
    async stopAll(): Promise<void> {
      await child?.stop();
      await server.stop();
      await runtime.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
