import { expect } from 'chai';
import request from 'supertest';
import { buildApp } from '../../src/app';
import { createValidator } from '../../src/http/validation';
import { DATABASE_KIND } from '../helpers/database';
import { type TestRuntime, testRuntime } from '../helpers/runtime';
import { jpeg } from '../themes/images';

type Client = ReturnType<typeof request>;

describe(`shoppers' photos: folders (${DATABASE_KIND})`, () => {
  let runtime: TestRuntime;
  let client: Client;
  let validator: ReturnType<typeof createValidator>;
  let emails = 0;
  let width = 10;

  const account = async () => {
    const user = await runtime.users.create({ email: `f${(emails += 1)}@example.com`, role: 'user' });
    return { id: user.id, auth: `Bearer ${runtime.tokens.issue(user)}` };
  };
  /** A new photo of the owner (each a different file). */
  const photo = async (auth: string): Promise<number> =>
    (await client.post('/api/or/photo/').set('Authorization', auth).attach('files', await jpeg((width += 1), 10), 'p.jpg')).body.photo_id;
  const makeFolder = async (auth: string, name: string): Promise<number> =>
    (await client.post('/photos/api/folder/').set('Authorization', auth).send({ name })).body.id;
  const folderPhotos = async (auth: string, folder: number) => {
    const response = await client.get(`/photos/api/photo/folder/${folder}/`).set('Authorization', auth);
    expect(response.status).to.equal(200);
    expect(validator.errorsOf('photo-list.json', response.body)).to.equal(null);
    return response.body.results.map((item: { id: number }) => item.id);
  };

  before(async () => {
    runtime = await testRuntime();
    client = request(buildApp(runtime).callback());
    validator = createValidator(runtime.schemas);
  });
  after(() => runtime.dispose());

  it('makes, lists, renames and deletes folders; a name is 1 to 20 characters', async () => {
    const owner = await account();
    const created = await client.post('/photos/api/folder/').set('Authorization', owner.auth).send({ name: 'Лето 2024' });
    expect(created.status).to.equal(201);
    expect(validator.errorsOf('folder.json', created.body)).to.equal(null);
    const second = await makeFolder(owner.auth, 'Дача');
    const list = await client.get('/photos/api/folder/').set('Authorization', owner.auth);
    expect(validator.errorsOf('folder-list.json', list.body)).to.equal(null);
    expect(list.body).to.deep.equal([{ id: created.body.id, name: 'Лето 2024' }, { id: second, name: 'Дача' }]);
    for (const name of ['', ' ', 'x'.repeat(21)]) {
      const refused = await client.post('/photos/api/folder/').set('Authorization', owner.auth).send({ name });
      expect(refused.status, name).to.equal(400);
      expect(refused.body).to.have.property('name');
    }
    const renamed = await client.put(`/photos/api/folder/${second}/`).set('Authorization', owner.auth).send({ name: 'x'.repeat(20) });
    expect(renamed.body).to.deep.equal({ id: second, name: 'x'.repeat(20) });
    expect((await client.delete(`/photos/api/folder/${second}/`).set('Authorization', owner.auth)).status).to.equal(204);
    expect((await client.get('/photos/api/folder/').set('Authorization', owner.auth)).body).to.have.length(1);
  });

  it('copy_many, move_many and remove_photo change folders, never the library', async () => {
    const owner = await account();
    const [a, b, c] = [await photo(owner.auth), await photo(owner.auth), await photo(owner.auth)];
    const [summer, winter] = [await makeFolder(owner.auth, 'summer'), await makeFolder(owner.auth, 'winter')];
    const copied = await client.patch('/photos/api/photo/copy_many/').set('Authorization', owner.auth).send({ photo_id_list: [a, b, c], folder_id: summer });
    expect(copied.status).to.equal(200);
    expect(copied.body).to.deep.equal({ move_count: 3 });
    // Copying again adds nothing.
    expect((await client.patch('/photos/api/photo/copy_many/').set('Authorization', owner.auth).send({ photo_id_list: [a], folder_id: summer })).body)
      .to.deep.equal({ move_count: 0 });
    expect(await folderPhotos(owner.auth, summer)).to.deep.equal([c, b, a]);
    const moved = await client.patch(`/photos/api/folder/${summer}/move_many/`).set('Authorization', owner.auth).send({ photo_id_list: [a, b], new_folder_id: winter });
    expect(moved.body).to.deep.equal({ to_count: 2 });
    expect(await folderPhotos(owner.auth, summer)).to.deep.equal([c]);
    expect(await folderPhotos(owner.auth, winter)).to.deep.equal([b, a]);
    const removed = await client.patch(`/photos/api/folder/${winter}/remove_photo/`).set('Authorization', owner.auth).send({ photo_id_list: [a, c] });
    expect(removed.body).to.deep.equal({ remove_count: 1 });
    expect(await folderPhotos(owner.auth, winter)).to.deep.equal([b]);
    // Deleting a folder keeps its photos; a photo deleted from the library leaves its folders.
    await client.delete(`/photos/api/folder/${winter}/`).set('Authorization', owner.auth);
    expect((await client.get('/photos/api/photo/').set('Authorization', owner.auth)).body.all_count).to.equal(3);
    await client.patch('/photos/api/photo/destroy_many/').set('Authorization', owner.auth).send({ photo_id_list: [c] });
    const page = await client.get(`/photos/api/photo/folder/${summer}/`).set('Authorization', owner.auth);
    expect(page.body).to.deep.include({ results: [], all_count: 0, next: null });
  });

  it('pages a folder with an absolute next URL', async () => {
    const owner = await account();
    const ids = [await photo(owner.auth), await photo(owner.auth), await photo(owner.auth)];
    const folder = await makeFolder(owner.auth, 'paged');
    await client.patch('/photos/api/photo/copy_many/').set('Authorization', owner.auth).send({ photo_id_list: ids, folder_id: folder });
    const first = await client.get(`/photos/api/photo/folder/${folder}/?page_size=2`).set('Authorization', owner.auth);
    expect(first.body.all_count).to.equal(3);
    expect(first.body.next).to.equal(`http://photobook.test/photos/api/photo/folder/${folder}/?page_size=2&before=${ids[1]}`);
    const rest = await client.get(first.body.next.replace('http://photobook.test', '')).set('Authorization', owner.auth);
    expect(rest.body.results.map((item: { id: number }) => item.id)).to.deep.equal([ids[0]]);
    expect(rest.body.next).to.equal(null);
  });

  it('another user\'s folders are 404 on every route, and another user\'s photos are never put into a folder', async () => {
    const [owner, other] = [await account(), await account()];
    const folder = await makeFolder(owner.auth, 'mine');
    const theirFolder = await makeFolder(other.auth, 'theirs');
    const mine = await photo(owner.auth);
    const theirs = await photo(other.auth);
    await client.patch('/photos/api/photo/copy_many/').set('Authorization', owner.auth).send({ photo_id_list: [mine], folder_id: folder });
    const as = (call: request.Test) => call.set('Authorization', other.auth);
    const answers = [
      await as(client.put(`/photos/api/folder/${folder}/`)).send({ name: 'taken' }),
      await as(client.delete(`/photos/api/folder/${folder}/`)),
      await as(client.get(`/photos/api/photo/folder/${folder}/`)),
      await as(client.patch('/photos/api/photo/copy_many/')).send({ photo_id_list: [theirs], folder_id: folder }),
      await as(client.patch(`/photos/api/folder/${folder}/move_many/`)).send({ photo_id_list: [mine], new_folder_id: theirFolder }),
      await as(client.patch(`/photos/api/folder/${theirFolder}/move_many/`)).send({ photo_id_list: [mine], new_folder_id: folder }),
      await as(client.patch(`/photos/api/folder/${folder}/remove_photo/`)).send({ photo_id_list: [mine] }),
    ];
    expect(answers.map((answer) => answer.status)).to.deep.equal(Array(answers.length).fill(404));
    expect(answers[0].body).to.deep.equal({ detail: 'Not found.' });
    // The owner's photo put into another user's folder by its id: not taken.
    expect((await as(client.patch('/photos/api/photo/copy_many/')).send({ photo_id_list: [mine], folder_id: theirFolder })).body)
      .to.deep.equal({ move_count: 0 });
    expect(await folderPhotos(other.auth, theirFolder)).to.deep.equal([]);
    expect(await folderPhotos(owner.auth, folder)).to.deep.equal([mine]);
    expect((await client.get('/photos/api/folder/').set('Authorization', owner.auth)).body).to.deep.equal([{ id: folder, name: 'mine' }]);
    expect((await client.get('/photos/api/folder/')).status).to.equal(401);
  });
});
