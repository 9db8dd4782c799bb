// Layouts in an order: confirming the order set freezes them (IN_WORK). What was paid for is what gets printed.
import { expect } from 'chai';
import request from 'supertest';
import type { RunningServer } from '../../src/server';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime, testServer } from '../helpers/runtime';
import { connectEditor, type EditorSocket, schemeMessage } from '../realtime/sockets';
import { type LayoutTestUsers, layoutTestUsers, seedLayoutCatalog } from './catalog';

interface LayoutView { id: string; status: string; version: number; pages: { id: string; template: { id: number } }[] }

// What the front end sends to check out with a pickup at the shop: no price, no is_confirm, no patronymic.
const PICKUP = { type: 'PICKUP', fio_name: 'Анна', fio_surname: 'Петрова', fio_fathername: '', to_phone: '9161234567' };

describe(`layouts frozen by an order (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let server: RunningServer & { url: string };
  let users: LayoutTestUsers;
  let products: number[];
  let ordered: LayoutView;
  let binned: LayoutView;
  let socket: EditorSocket;

  const api = () => request(server.url);
  const copy = async (productId: number): Promise<LayoutView> =>
    (await api().post('/api/ua/layout/').set('Authorization', users.owner.auth).send({ product_id: productId })).body;
  const read = async (id: string): Promise<LayoutView> => (await api().get(`/api/ua/layout/${id}/`).set('Authorization', users.owner.auth)).body;
  const patch = (id: string, body: object) => api().patch(`/api/ua/layout/${id}/`).set('Authorization', users.owner.auth).send(body);
  const addToCart = async (id: string) => {
    const response = await api().post(`/api/ua/layout/${id}/`).set('Authorization', users.owner.auth);
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.orderset_id as number;
  };
  const otherScheme = async (layout: LayoutView) => {
    const { rows: [layoutRow] } = await runtime.db.sql.query<{ format_id: number }>('SELECT format_id FROM layouts WHERE id = $1', [layout.id]);
    const schemes = (await api().get(`/api/ua/scheme/?fmt=${layoutRow.format_id}`).set('Authorization', users.owner.auth)).body as { id: number }[];
    return schemes.find((scheme) => scheme.id !== layout.pages[1].template.id)!.id;
  };

  before(async () => {
    runtime = await testRuntime();
    ({ products } = await seedLayoutCatalog(runtime));
    users = await layoutTestUsers(runtime);
    server = await testServer(runtime);
    ordered = await copy(products[0]);
    binned = await copy(products[1]);
    const orderSetId = await addToCart(ordered.id);
    await addToCart(binned.id);
    // Moved to the bin while in the cart: ordered all the same.
    expect((await patch(binned.id, { deleted: true })).body.status).to.equal('DELETED');
    const confirmed = await api().post(`/api/merch/orderset/${orderSetId}/delivery/`).set('Authorization', users.owner.auth).send(PICKUP);
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    expect(confirmed.body).to.have.property('link');
    socket = await connectEditor(server.url, { token: users.owner.token });
  });
  after(async () => {
    socket?.close();
    await server.stop();
    await runtime.dispose();
  });

  it('puts every layout of a confirmed order set IN_WORK, one from the bin too, and lists them so', async () => {
    expect((await read(ordered.id)).status).to.equal('IN_WORK');
    expect((await read(binned.id)).status).to.equal('IN_WORK');
    const inWork = await api().get('/api/ua/layout/?status=IN_WORK').set('Authorization', users.owner.auth);
    expect(inWork.body.layouts.map((layout: { id: string }) => layout.id)).to.have.members([ordered.id, binned.id]);
    expect((await api().get('/api/ua/layout/?status=DELETED').set('Authorization', users.owner.auth)).body.count).to.equal(0);
  });

  it('refuses edits over the channel with forbidden and changes nothing', async () => {
    expect(await socket.emitWithAck('join', { layout_id: ordered.id })).to.have.property('layout');
    const page = ordered.pages[1];
    const ack = await socket.emitWithAck('message', schemeMessage(ordered.id, page.id, await otherScheme(ordered)));
    expect(ack.error).to.deep.equal({ code: 'forbidden', message: 'The layout is in an order and can no longer change.' });
    const after = await read(ordered.id);
    expect(after.version).to.equal(ordered.version);
    expect(after.pages[1].template).to.deep.equal(page.template);
    const { rows } = await runtime.db.sql.query('SELECT 1 FROM layout_transactions WHERE layout_id = $1', [ordered.id]);
    expect(rows).to.have.length(0);
  });

  it('refuses a move to the bin with 409, and still renames and clones', async () => {
    const binning = await patch(ordered.id, { deleted: true });
    expect(binning.status).to.equal(409);
    expect(binning.body).to.deep.equal({ detail: 'The layout is in an order and cannot be moved to the bin.' });
    expect((await read(ordered.id)).status).to.equal('IN_WORK');
    const renamed = await patch(ordered.id, { name: 'Заказанная книга' });
    expect(renamed.status).to.equal(200);
    expect(renamed.body).to.include({ name: 'Заказанная книга', status: 'IN_WORK' });
    const clone = await api().post(`/api/ua/layout/${ordered.id}/clone/`).set('Authorization', users.owner.auth).send({ name: 'Ещё одна' });
    expect(clone.status).to.equal(201);
    expect(clone.body.status).to.equal('OPEN');
    const edited = await socket.emitWithAck('message', schemeMessage(clone.body.id, clone.body.pages[1].id, await otherScheme(clone.body)));
    expect(edited).to.not.have.property('error');
  });

  it('refuses an edit that waited for the layout while an order froze it', async () => {
    const waiting = await copy(products[3]);
    const scheme = await otherScheme(waiting);
    let ack: Promise<{ error?: { code: string } }> | undefined;
    await runtime.db.transaction(async (tx) => {
      // What a confirm does: it holds the layout's row while it freezes it.
      await tx.sql.query('SELECT id FROM layouts WHERE id = $1 FOR UPDATE', [waiting.id]);
      ack = socket.emitWithAck('message', schemeMessage(waiting.id, waiting.pages[1].id, scheme));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.sql.query("UPDATE layouts SET status = 'IN_WORK' WHERE id = $1", [waiting.id]);
    });
    expect((await ack!).error).to.include({ code: 'forbidden' });
    expect((await read(waiting.id)).version).to.equal(waiting.version);
  });

  it('leaves the layouts of an open cart editable', async () => {
    const open = await copy(products[2]);
    await addToCart(open.id);
    // In the cart: INORDER, as the shop's front end names it, and still editable.
    expect((await read(open.id)).status).to.equal('INORDER');
    const ack = await socket.emitWithAck('message', schemeMessage(open.id, open.pages[1].id, await otherScheme(open)));
    expect(ack).to.not.have.property('error');
  });
});
