// Catalog writes during the gallery benchmark: copies of existing products on their own connection, each with a new
// name and an approved theme, so that they land on the first pages of real gallery lists. Deleted afterwards by id.
import pg from 'pg';

// Every column but id and created_at (a copy is the newest product), from src/db/migrations/0001_initial.sql.
const COPY = `INSERT INTO products (name, description, theme_id, format_id, product_type_id, special_project, preview_cover,
    popularity, template_categories, layout_id)
  SELECT $2, description, $3, format_id, product_type_id, special_project, preview_cover, popularity, template_categories, layout_id
  FROM products WHERE id = $1 RETURNING id`;

export interface ProductWriter {
  /** Inserts one copy of product sourceId (in theme themeId, or a random approved one); returns the new id. */
  insert(sourceId?: number, themeId?: number): Promise<number>;
  /** Deletes every product this writer inserted and closes its connection. */
  cleanUp(): Promise<void>;
  client: pg.Client;
}

const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)];

export async function openWriter(url: string): Promise<ProductWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: themes } = await client.query<{ id: number }>('SELECT id FROM themes WHERE approved');
  const { rows: [bounds] } = await client.query<{ low: number; high: number }>('SELECT min(id) AS low, max(id) AS high FROM products');
  const inserted: number[] = [];
  const insert = async (sourceId?: number, themeId?: number): Promise<number> => {
    // Ids of the seeded catalog are dense, so a random id in range is nearly always a product; else take the first.
    const source = sourceId ?? bounds.low + Math.floor(Math.random() * (bounds.high - bounds.low + 1));
    const { rows } = await client.query<{ id: number }>(COPY, [source, `Фотокнига bench writer ${inserted.length + 1}`, themeId ?? pick(themes).id]);
    if (rows.length === 0) return insert(bounds.low, themeId);
    inserted.push(rows[0].id);
    return rows[0].id;
  };
  return {
    client,
    insert,
    async cleanUp() {
      try {
        if (inserted.length > 0) await client.query('DELETE FROM products WHERE id = ANY($1::int[])', [inserted]);
        inserted.length = 0;
      } finally {
        await client.end();
      }
    },
  };
}

export interface WriterRun { inserted: number; seconds: number; perSecond: number }

/** perSecond inserts a second, one at a time, on a fixed schedule (a slow insert is caught up, not skipped). */
export function startWriting(writer: ProductWriter, perSecond: number): { stop(): Promise<WriterRun> } {
  const interval = 1000 / perSecond;
  const started = performance.now();
  let inserted = 0;
  let running = true;
  let failure: unknown;
  const loop = (async () => {
    while (running) {
      await writer.insert();
      inserted += 1;
      const wait = started + inserted * interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })().catch((error: unknown) => {
    // Kept for stop(): a rejection nobody awaits yet would end the whole bench process.
    failure = error;
  });
  return {
    async stop() {
      running = false;
      await loop;
      if (failure) throw failure;
      const seconds = (performance.now() - started) / 1000;
      return { inserted, seconds, perSecond: inserted / seconds };
    },
  };
}

/** fn's result while a writer inserts perSecond products a second; the products are deleted afterwards. */
export async function whileWriting<T>(url: string, perSecond: number, fn: () => Promise<T>): Promise<{ result: T; run: WriterRun }> {
  const writer = await openWriter(url);
  try {
    const writing = startWriting(writer, perSecond);
    const result = await fn().catch(async (error: unknown) => {
      await writing.stop().catch(() => undefined);
      throw error;
    });
    return { result, run: await writing.stop() };
  } finally {
    await writer.cleanUp();
  }
}
