// Making a book together over REST (issue 50): invitations (hashed tokens, expiry, uses, revocation), acceptance by
// any account and by a visitor who then logs in, the members and their roles, the 20-member bound, "my products"
// of shared books, and what a member may never read or do.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { loadReferenceData } from '../../src/seed/fixtures';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { seedLayoutCatalog } from '../layouts/catalog';
import { logIn, tokenOf } from '../auth/sandbox-flow';
import { as, join, newBook, type Person, person } from './world';

describe(`making a book together: invitations and members (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let products: number[];
  let owner: Person; let editor: Person; let contributor: Person; let viewer: Person; let stranger: Person;
  let book: { id: string }; let otherBook: { id: string };
  const rows = async <Row>(text: string, params: unknown[] = []) => (await runtime.db.sql.query<Row & object>(text, params)).rows as Row[];
  const membersOf = async (layoutId: string) =>
    rows<{ user_id: number; role: string }>('SELECT user_id, role FROM layout_members WHERE layout_id = $1 ORDER BY user_id', [layoutId]);
  const invite = (who: Person, layoutId: string, body: object) => as(server, who.auth).post(`/api/ua/layout/${layoutId}/invitations/`, body);
  const accept = (who: Person, token: string) => as(server, who.auth).post(`/api/ua/invitations/${token}/accept/`);

  before(async () => {
    runtime = await testRuntime({ PUBLIC_BASE_URL: 'http://photobook.test', TRUST_PROXY: '1' });
    await loadReferenceData(runtime.db);
    ({ products } = await seedLayoutCatalog(runtime));
    server = await testServer(runtime);
    owner = await person(runtime, 'owner@example.com', 'Owner');
    editor = await person(runtime, 'editor@example.com', 'Eddie');
    contributor = await person(runtime, 'contributor@example.com', 'Cora');
    viewer = await person(runtime, 'viewer@example.com', 'Vera');
    stranger = await person(runtime, 'stranger@example.com');
    book = await newBook(server, owner, products[0]);
    otherBook = await newBook(server, owner, products[0]);
    await join(server, owner, book.id, editor, 'editor');
    await join(server, owner, book.id, contributor, 'contributor');
    await join(server, owner, book.id, viewer, 'viewer');
  });
  after(async () => {
    await server.stop();
    await runtime.dispose();
  });

  describe('invitations', () => {
    it('gives the owner a 256-bit token and its link once, keeps only its SHA-256, and lists it without the token', async () => {
      const response = await invite(owner, book.id, { role: 'viewer', max_uses: 3 });
      expect(response.status).to.equal(201);
      expect(response.body).to.have.keys('id', 'role', 'token', 'url', 'expires_at', 'max_uses', 'uses');
      expect(response.body).to.include({ role: 'viewer', max_uses: 3, uses: 0 });
      expect(Buffer.from(response.body.token, 'base64url').length).to.be.at.least(16);
      expect(response.body.url).to.equal(`http://photobook.test/redaktor/?invitation=${response.body.token}`);
      const days = (Date.parse(response.body.expires_at) - Date.now()) / 86_400_000;
      expect(days).to.be.within(13.9, 14.1);
      const [stored] = await rows<{ token_hash: Buffer }>('SELECT token_hash FROM layout_invitations WHERE id = $1', [response.body.id]);
      expect(Buffer.from(stored.token_hash).equals(createHash('sha256').update(response.body.token).digest())).to.equal(true);
      const dump = JSON.stringify(await rows('SELECT * FROM layout_invitations'));
      expect(dump).not.to.include(response.body.token);
      const listed = await as(server, owner.auth).get(`/api/ua/layout/${book.id}/invitations/`);
      expect(listed.status).to.equal(200);
      const mine = listed.body.find((item: { id: string }) => item.id === response.body.id);
      expect(mine).to.deep.equal({ id: response.body.id, role: 'viewer', expires_at: response.body.expires_at, max_uses: 3, uses: 0 });
    });

    it('is the owner\'s alone: a member gets 403, anyone else 404, and nothing is made', async () => {
      const before = (await rows('SELECT id FROM layout_invitations')).length;
      for (const member of [editor, contributor, viewer]) {
        expect((await invite(member, book.id, { role: 'editor' })).status).to.equal(403);
        expect((await as(server, member.auth).get(`/api/ua/layout/${book.id}/invitations/`)).status).to.equal(403);
      }
      expect((await invite(stranger, book.id, { role: 'editor' })).status).to.equal(404);
      expect((await invite(editor, otherBook.id, { role: 'editor' })).status).to.equal(404);
      expect((await rows('SELECT id FROM layout_invitations')).length).to.equal(before);
    });

    it('refuses a wrong role, term or number of uses with 400', async () => {
      for (const body of [{ role: 'owner' }, { role: 'editor', expires_in_days: 0 }, { role: 'editor', max_uses: 0 }, {}, { role: 'viewer', extra: 1 }]) {
        const response = await invite(owner, book.id, body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
      }
    });

    it('is used up after max_uses, expires, is revoked, or is unknown: 404 with nothing changed', async () => {
      const once = (await invite(owner, otherBook.id, { role: 'viewer', max_uses: 1 })).body;
      expect((await accept(editor, once.token)).body).to.deep.equal({ layout_id: otherBook.id, role: 'viewer' });
      expect((await accept(contributor, once.token)).status).to.equal(404);
      const expiring = (await invite(owner, otherBook.id, { role: 'editor' })).body;
      await runtime.db.sql.query("UPDATE layout_invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [expiring.id]);
      expect((await accept(contributor, expiring.token)).status).to.equal(404);
      const revoked = (await invite(owner, otherBook.id, { role: 'editor' })).body;
      expect((await as(server, editor.auth).delete(`/api/ua/layout/${otherBook.id}/invitations/${revoked.id}/`)).status).to.equal(403);
      expect((await as(server, owner.auth).delete(`/api/ua/layout/${otherBook.id}/invitations/${revoked.id}/`)).status).to.equal(204);
      expect((await accept(contributor, revoked.token)).status).to.equal(404);
      expect((await accept(contributor, 'A'.repeat(43))).status).to.equal(404);
      expect((await accept(contributor, 'short')).status).to.equal(404);
      expect(await membersOf(otherBook.id)).to.deep.equal([{ user_id: editor.id, role: 'viewer' }]);
      const [used] = await rows<{ uses: number }>('SELECT uses FROM layout_invitations WHERE id = $1', [once.id]);
      expect(used.uses).to.equal(1);
      expect((await as(server, owner.auth).get(`/api/ua/layout/${otherBook.id}/invitations/`)).body.map((item: { id: string }) => item.id))
        .to.deep.equal([]);
      await as(server, owner.auth).delete(`/api/ua/layout/${otherBook.id}/members/${editor.id}/`);
    });

    it('keeps the owner the owner and a member\'s role when they accept again, using nothing up', async () => {
      const invitation = (await invite(owner, book.id, { role: 'viewer', max_uses: 1 })).body;
      expect((await accept(owner, invitation.token)).body).to.deep.equal({ layout_id: book.id, role: 'owner' });
      expect((await accept(editor, invitation.token)).body).to.deep.equal({ layout_id: book.id, role: 'editor' });
      const [row] = await rows<{ uses: number }>('SELECT uses FROM layout_invitations WHERE id = $1', [invitation.id]);
      expect(row.uses).to.equal(0);
    });

    it('lets at most 20 members into a book: the 21st accept is 409 and changes nothing', async () => {
      const crowded = await newBook(server, owner, products[0]);
      const invitation = (await invite(owner, crowded.id, { role: 'viewer' })).body;
      for (let index = 0; index < 20; index += 1) {
        expect((await accept(await person(runtime, `crowd${index}@example.com`), invitation.token)).status).to.equal(200);
      }
      const late = await person(runtime, 'late@example.com');
      const refused = await accept(late, invitation.token);
      expect(refused.status).to.equal(409);
      expect(refused.body).to.have.key('detail');
      expect((await membersOf(crowded.id)).length).to.equal(20);
      expect((await rows<{ uses: number }>('SELECT uses FROM layout_invitations WHERE id = $1', [invitation.id]))[0].uses).to.equal(20);
    });
  });

  describe('members', () => {
    it('lists the owner (role owner) then the members, to the members; 404 to anyone else', async () => {
      for (const reader of [owner, editor, viewer]) {
        const response = await as(server, reader.auth).get(`/api/ua/layout/${book.id}/members/`);
        expect(response.status).to.equal(200);
        expect(response.body.map((item: { user_id: number; role: string; name: string }) => [item.user_id, item.role, item.name])).to.deep.equal([
          [owner.id, 'owner', 'Owner'], [editor.id, 'editor', 'Eddie'], [contributor.id, 'contributor', 'Cora'], [viewer.id, 'viewer', 'Vera'],
        ]);
      }
      expect((await as(server, stranger.auth).get(`/api/ua/layout/${book.id}/members/`)).status).to.equal(404);
      expect((await as(server, editor.auth).get(`/api/ua/layout/${otherBook.id}/members/`)).status).to.equal(404);
    });

    it('lets the owner alone change a role or remove a member: members get 403, nothing changes', async () => {
      const before = await membersOf(book.id);
      expect((await as(server, editor.auth).patch(`/api/ua/layout/${book.id}/members/${viewer.id}/`, { role: 'editor' })).status).to.equal(403);
      expect((await as(server, editor.auth).delete(`/api/ua/layout/${book.id}/members/${viewer.id}/`)).status).to.equal(403);
      expect((await as(server, stranger.auth).delete(`/api/ua/layout/${book.id}/members/${viewer.id}/`)).status).to.equal(404);
      expect((await as(server, owner.auth).patch(`/api/ua/layout/${book.id}/members/${viewer.id}/`, { role: 'owner' })).status).to.equal(400);
      expect((await as(server, owner.auth).patch(`/api/ua/layout/${book.id}/members/${stranger.id}/`, { role: 'viewer' })).status).to.equal(404);
      expect(await membersOf(book.id)).to.deep.equal(before);
      const changed = await as(server, owner.auth).patch(`/api/ua/layout/${book.id}/members/${viewer.id}/`, { role: 'contributor' });
      expect(changed.body).to.deep.equal({ user_id: viewer.id, role: 'contributor' });
      await as(server, owner.auth).patch(`/api/ua/layout/${book.id}/members/${viewer.id}/`, { role: 'viewer' });
    });
  });

  describe('what a member reads and does', () => {
    it('lists the books shared with them under ?shared=1, marked shared with their role, and not among their own', async () => {
      const shared = await as(server, contributor.auth).get('/api/ua/layout/?shared=1');
      expect(shared.status).to.equal(200);
      expect(shared.body.layouts.map((item: { id: string; shared: boolean; role: string }) => [item.id, item.shared, item.role]))
        .to.deep.equal([[book.id, true, 'contributor']]);
      expect((await as(server, contributor.auth).get('/api/ua/layout/')).body.layouts).to.deep.equal([]);
      expect((await as(server, owner.auth).get('/api/ua/layout/?shared=1')).body.layouts).to.deep.equal([]);
      expect((await as(server, contributor.auth).get('/api/ua/layout/?shared=yes')).status).to.equal(400);
    });

    it('reads the shared book and never the owner\'s other books', async () => {
      for (const member of [editor, contributor, viewer]) {
        expect((await as(server, member.auth).get(`/api/ua/layout/${book.id}/`)).status).to.equal(200);
        expect((await as(server, member.auth).get(`/api/ua/layout/${otherBook.id}/`)).status).to.equal(404);
      }
      expect((await as(server, stranger.auth).get(`/api/ua/layout/${book.id}/`)).status).to.equal(404);
    });

    it('never renames, bins or clones the book, nor reads it after removal', async () => {
      const name = (await rows<{ name: string; status: string }>('SELECT name, status FROM layouts WHERE id = $1', [book.id]))[0];
      for (const member of [editor, contributor, viewer]) {
        expect((await as(server, member.auth).patch(`/api/ua/layout/${book.id}/`, { name: 'Mine now' })).status).to.equal(403);
        expect((await as(server, member.auth).patch(`/api/ua/layout/${book.id}/`, { deleted: true })).status).to.equal(403);
        expect((await as(server, member.auth).post(`/api/ua/layout/${book.id}/clone/`, { name: 'copy' })).status).to.equal(404);
      }
      // Ordering stays the owner's: a member cannot put the book in a cart.
      for (const member of [editor, contributor, viewer]) {
        const ordered = await as(server, member.auth).post('/api/merch/order/', { layout_id: book.id, count: 1 });
        expect(ordered.status, JSON.stringify(ordered.body)).to.be.within(400, 404);
      }
      expect(await rows('SELECT id FROM orders WHERE layout_id = $1', [book.id])).to.deep.equal([]);
      expect((await rows('SELECT name, status FROM layouts WHERE id = $1', [book.id]))[0]).to.deep.equal(name);
      const leaving = await person(runtime, 'leaving@example.com');
      await join(server, owner, book.id, leaving, 'viewer');
      expect((await as(server, owner.auth).delete(`/api/ua/layout/${book.id}/members/${leaving.id}/`)).status).to.equal(204);
      expect((await as(server, leaving.auth).get(`/api/ua/layout/${book.id}/`)).status).to.equal(404);
      expect((await as(server, leaving.auth).get(`/api/ua/layout/${book.id}/members/`)).status).to.equal(404);
    });
  });

  describe('a visitor', () => {
    it('accepts an invitation, and the membership follows it into the account it logs in to', async () => {
      const visitor = await request(server.url).post('/auth/autoreg/').set('X-Forwarded-For', '198.51.100.7');
      expect(visitor.status).to.equal(200);
      const visitorAuth = `Bearer ${visitor.body.token}`;
      const visitorId = (await as(server, visitorAuth).get('/api/auth/user/')).body.id as number;
      const invitation = (await invite(owner, book.id, { role: 'editor' })).body;
      expect((await accept({ id: visitorId, token: visitor.body.token, auth: visitorAuth }, invitation.token)).body)
        .to.deep.equal({ layout_id: book.id, role: 'editor' });
      const browser = request.agent(server.url).set('X-Forwarded-For', '198.51.100.8');
      const token = tokenOf(await logIn(browser, { email: 'visiting@example.com' }, visitorAuth));
      const account = (await as(server, `Bearer ${token}`).get('/api/auth/user/')).body.id as number;
      expect(account).not.to.equal(visitorId);
      expect((await membersOf(book.id)).find((row) => row.user_id === account)).to.deep.equal({ user_id: account, role: 'editor' });
      expect((await membersOf(book.id)).some((row) => row.user_id === visitorId)).to.equal(false);
      expect((await as(server, `Bearer ${token}`).get(`/api/ua/layout/${book.id}/`)).status).to.equal(200);
    });
  });
});
