// The theme's images that layouts show: the layouts domain alone writes their blocks, so a theme whose front cover
// background changed asks here for the layouts made from its products to show the new one.
import type { Transaction } from '../db/database';
import { createThemeImagesRepository } from './theme-images-repository';

/** Inside the caller's transaction: the cover of each of these layouts shows this front cover background (null: none). */
export async function showFrontCoverBackground(tx: Transaction, layoutIds: string[], image: string | null): Promise<void> {
  if (layoutIds.length === 0) return;
  await createThemeImagesRepository(tx.sql).setFrontCoverBackground(layoutIds, image);
}
