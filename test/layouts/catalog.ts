// A small demo catalog and one user of each role, for the layout tests.
import { seedDemoCatalog } from '../../src/seed/demo';
import type { TestRuntime } from '../helpers/runtime';

export interface LayoutTestUsers {
  owner: { id: number; auth: string; token: string };
  other: { id: number; auth: string; token: string };
  moderator: { id: number; auth: string; token: string };
  admin: { id: number; auth: string; token: string };
}

/** Two demo themes (10 products with layouts); the second theme is then unapproved (hidden from shoppers). */
export async function seedLayoutCatalog(runtime: TestRuntime): Promise<{ products: number[]; hiddenProduct: number }> {
  await seedDemoCatalog(runtime, 2);
  const { rows } = await runtime.db.sql.query<{ id: number; theme_id: number }>('SELECT id, theme_id FROM products ORDER BY id');
  const hiddenTheme = rows[rows.length - 1].theme_id;
  await runtime.db.sql.query('UPDATE themes SET approved = false WHERE id = $1', [hiddenTheme]);
  return {
    products: rows.filter((row) => row.theme_id !== hiddenTheme).map((row) => row.id),
    hiddenProduct: rows.find((row) => row.theme_id === hiddenTheme)!.id,
  };
}

export async function layoutTestUsers(runtime: TestRuntime): Promise<LayoutTestUsers> {
  const make = async (email: string, role: 'user' | 'moderator' | 'admin') => {
    const user = await runtime.users.create({ email, role });
    const token = runtime.tokens.issue(user);
    return { id: user.id, token, auth: `Bearer ${token}` };
  };
  return {
    owner: await make('owner@example.com', 'user'),
    other: await make('other@example.com', 'user'),
    moderator: await make('moderator@example.com', 'moderator'),
    admin: await make('admin@example.com', 'admin'),
  };
}

/** scheme_theme_rel as it must be: for each scheme id, the number of the layout's pages using it (the cover has no scheme). */
export async function schemeUsageInDatabase(runtime: TestRuntime, layoutId: string): Promise<Record<string, number>> {
  const { rows } = await runtime.db.sql.query<{ template_id: number; pages: number }>(
    "SELECT template_id, count(*)::int AS pages FROM layout_pages WHERE layout_id = $1 AND type = 'PAGE' AND template_id IS NOT NULL GROUP BY template_id",
    [layoutId]);
  return Object.fromEntries(rows.map((row) => [String(row.template_id), row.pages]));
}
