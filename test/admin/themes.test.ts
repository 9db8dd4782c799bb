import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { loadReferenceData } from '../../src/seed/fixtures';
import { createValidator, type Validator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { jpeg } from '../themes/images';
import { eventually, jobStates, roleTokens, type RoleTokens, settled } from './helpers';
import { mediaFolder } from '../helpers/media';

type Client = ReturnType<typeof request>;

describe(`theme administration (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let smtp: TestSmtpServer;
  let auth: RoleTokens;
  let validator: Validator;

  const count = async (table: string) => (await runtime.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  const create = (body: object, who = auth.admin) => client.post('/api/theme/').set('Authorization', who).send(body);
  const productsOf = async (themeId: number) => (await runtime.db.sql.query<{ id: number; layout_id: string; preview_cover: string | null; pages: number }>(
    `SELECT p.id, p.layout_id, p.preview_cover, (SELECT count(*)::int FROM layout_pages lp WHERE lp.layout_id = p.layout_id) AS pages
     FROM products p WHERE p.theme_id = $1 ORDER BY p.format_id`, [themeId])).rows;

  before(async () => {
    smtp = await startSmtpServer();
    runtime = await testRuntime({ SMTP_URL: smtp.url, NOTIFY_EMAILS: 'editor@example.com, boss@example.com', MAIL_FROM: 'shop@example.com' });
    await loadReferenceData(runtime.db);
    await runtime.db.sql.query("INSERT INTO theme_authors (name_ru, name_en) VALUES ('Автор', 'Author')");
    auth = await roleTokens(runtime);
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
    await runtime.queue.work(runtime.jobContext);
  });
  after(async () => {
    await runtime.dispose();
    await smtp.close();
  });

  it('creates a theme and e-mails the notification addresses', async () => {
    const response = await create({ name: 'Море', description: 'Синее', color: 2, style: 1, author: 1, categories: [3, 1] });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    expect(validator.errorsOf('theme-admin.json', response.body)).to.equal(null);
    expect(response.body).to.include({ name: 'Море', description: 'Синее', approved: false, color: 2, style: 1, author: 1 });
    expect(response.body.categories).to.deep.equal([1, 3]);
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).to.deep.equal(['editor@example.com', 'boss@example.com']);
    expect(mail.from).to.equal('shop@example.com');
    expect(mail.subject).to.equal('Новая тема: Море');
    expect(await productsOf(response.body.id)).to.deep.equal([]);
  });

  it('refuses bad input with 400 and saves nothing', async () => {
    const before = { themes: await count('themes'), jobs: await count('pgboss.job') };
    const cases: [object, string][] = [
      [{}, 'name'], [{ name: '' }, 'name'], [{ name: '   ' }, 'name'], [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'A', approved: 'yes' }, 'approved'], [{ name: 'A', color: '1' }, 'color'], [{ name: 'A', color: 99 }, 'color'],
      [{ name: 'A', author: 999 }, 'author'], [{ name: 'A', style: 0 }, 'style'], [{ name: 'A', categories: [999] }, 'categories'],
      [{ name: 'A', categories: 3 }, 'categories'], [{ name: 'A', categories: [1, 1] }, 'categories'],
      [{ name: 'A', extra: true }, 'non_field_errors'], [{ name: 'A\u0000' }, 'name'], [{ name: 'A\u0008' }, 'name'],
      [{ name: 'A', description: 'B\u0000' }, 'description'], [{ name: 'A', style: 99 }, 'style'],
    ];
    for (const [body, field] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body, JSON.stringify(body)).to.have.property(field);
    }
    expect((await client.post('/api/theme/').set('Authorization', auth.admin).set('Content-Type', 'application/json').send('{"name":')).status).to.equal(400);
    expect((await client.post('/api/theme/').set('Authorization', auth.admin).set('Content-Type', 'text/plain').send('name')).status).to.equal(415);
    expect({ themes: await count('themes'), jobs: await count('pgboss.job') }).to.deep.equal(before);
  });

  it('is for administrators; moderators may list', async () => {
    expect((await client.post('/api/theme/').send({ name: 'A' })).status).to.equal(401);
    expect((await create({ name: 'A' }, auth.moderator)).status).to.equal(403);
    expect((await create({ name: 'A' }, auth.user)).status).to.equal(403);
    expect((await client.patch('/api/theme/1/').set('Authorization', auth.moderator).send({ name: 'B' })).status).to.equal(403);
    expect((await client.delete('/api/theme/1/').set('Authorization', auth.moderator)).status).to.equal(403);
    expect((await client.get('/api/theme/').set('Authorization', auth.moderator)).status).to.equal(200);
    expect((await client.get('/api/theme/').set('Authorization', auth.user)).status).to.equal(403);
    expect((await client.get('/api/admin/jobs/').set('Authorization', auth.moderator)).status).to.equal(403);
  });

  it('changes a theme, replaces its categories, and answers 404 for an unknown one', async () => {
    const theme = (await create({ name: 'Горы', categories: [2] })).body;
    const changed = await client.patch(`/api/theme/${theme.id}/`).set('Authorization', auth.admin).send({ name: 'Высокие горы', categories: [4, 5], color: null });
    expect(changed.status).to.equal(200);
    expect(changed.body).to.include({ name: 'Высокие горы', color: null });
    expect(changed.body.categories).to.deep.equal([4, 5]);
    expect((await client.patch(`/api/theme/${theme.id}/`).set('Authorization', auth.admin).send({ categories: [999] })).status).to.equal(400);
    expect((await client.patch(`/api/theme/${theme.id}/`).set('Authorization', auth.admin).send({})).status).to.equal(400);
    const { rows } = await runtime.db.sql.query<{ category_id: number }>('SELECT category_id FROM theme_category_links WHERE theme_id = $1 ORDER BY 1', [theme.id]);
    expect(rows.map((row) => row.category_id)).to.deep.equal([4, 5]);
    expect((await client.patch('/api/theme/999999/').set('Authorization', auth.admin).send({ name: 'X' })).status).to.equal(404);
  });

  it('generates one product per format, with layouts and previews, once, however often it is approved', async () => {
    const theme = (await create({ name: 'Лес' })).body;
    await client.post(`/api/theme/${theme.id}/up-element/`).set('Authorization', auth.admin)
      .field('type', 'cover').field('cover_type', 'FRONT_COVER_BACKGROUND').attach('file', await jpeg(800, 800), 'front.jpg');
    const approvals = await Promise.all([1, 2, 3].map(() =>
      client.patch(`/api/theme/${theme.id}/`).set('Authorization', auth.admin).send({ approved: true })));
    expect(approvals.map((response) => response.status)).to.deep.equal([200, 200, 200]);
    await eventually(() => jobStates(runtime, 'generate-products'), settled);
    await eventually(() => productsOf(theme.id), (rows) => rows.length > 0 && rows.every((row) => row.preview_cover));
    await client.patch(`/api/theme/${theme.id}/`).set('Authorization', auth.admin).send({ approved: true });
    await eventually(() => jobStates(runtime, 'generate-products'), settled);
    const products = await productsOf(theme.id);
    expect(products).to.have.length(5);
    for (const product of products) {
      expect(product.pages).to.equal(11);
      expect(await mediaFolder(runtime, `products/${product.id}`)).to.have.length(3);
    }
    const gallery = await client.get(`/api/gallery2/product/?search=${encodeURIComponent('Лес')}`);
    expect(gallery.body.count).to.equal(5);
  });

  it('generates the products of a theme created approved', async () => {
    const theme = (await create({ name: 'Сразу одобрена', approved: true })).body;
    await eventually(() => jobStates(runtime, 'generate-products'), settled);
    expect(await productsOf(theme.id)).to.have.length(5);
    await client.patch(`/api/theme/${theme.id}/`).set('Authorization', auth.admin).send({ approved: false });
  });

  it('lists themes by approval, newest first, paged', async () => {
    const all = await client.get('/api/theme/?page_size=2').set('Authorization', auth.admin);
    expect(validator.errorsOf('theme-admin-list.json', all.body)).to.equal(null);
    expect(all.body.count).to.equal(await count('themes'));
    expect(all.body.results).to.have.length(2);
    const approved = await client.get('/api/theme/?approved=true').set('Authorization', auth.admin);
    expect(approved.body.results.map((theme: { name: string }) => theme.name)).to.deep.equal(['Лес']);
    const unapproved = await client.get('/api/theme/?approved=false').set('Authorization', auth.admin);
    expect(unapproved.body.results.every((theme: { approved: boolean }) => !theme.approved)).to.equal(true);
    expect((await client.get('/api/theme/?approved=maybe').set('Authorization', auth.admin)).status).to.equal(400);
  });

  it('deletes a theme without products with its files, and refuses one with products (409)', async () => {
    const withProducts = (await client.get('/api/theme/?approved=true').set('Authorization', auth.admin)).body.results[0];
    const refused = await client.delete(`/api/theme/${withProducts.id}/`).set('Authorization', auth.admin);
    expect(refused.status).to.equal(409);
    const theme = (await create({ name: 'Временная' })).body;
    await client.post(`/api/theme/${theme.id}/up-element/`).set('Authorization', auth.admin)
      .field('type', 'bg').attach('file', await jpeg(400, 400), 'bg.jpg');
    expect(await mediaFolder(runtime, `themes/${theme.id}/elements`)).to.have.length(3);
    expect((await client.delete(`/api/theme/${theme.id}/`).set('Authorization', auth.admin)).status).to.equal(204);
    expect(await mediaFolder(runtime, `themes/${theme.id}/elements`)).to.deep.equal([]);
    expect((await client.delete(`/api/theme/${theme.id}/`).set('Authorization', auth.admin)).status).to.equal(404);
  });
});
