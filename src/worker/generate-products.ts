// When a theme is saved approved and has no products: one product per format, each with its layout (and so, by
// render-previews, its preview), exactly once (src/themes/reactions.ts).
import { defineJob } from './job-context';
import { generateProducts as contract } from '../jobs/generate-products';

export const generateProducts = defineJob(contract, async ({ themeId }, { themesAdmin, log }) => {
  const created = await themesAdmin.generateProducts(themeId);
  log.debug({ themeId, created }, 'generate-products');
});
