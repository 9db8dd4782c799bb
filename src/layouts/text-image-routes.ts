// The pictures of a book's texts (content.link): opened by the link the layout's readers receive (text-images.ts).
import Router from '@koa/router';
import { notFound } from '../http/errors';
import { uuidParam } from '../http/params';
import type { RouteDoc, RouteModule } from '../http/route-module';
import type { TextImages } from './text-images';

const TEXT_HASH = /^[\w-]{22}$/;

export function textImageRoutes(deps: { textImages: TextImages }): RouteModule {
  const router = new Router();
  router.get('/layout/text/:layout_id/:block_id/:text_hash.png', async (ctx) => {
    const { text_hash: textHash } = ctx.params;
    if (!TEXT_HASH.test(textHash)) throw notFound();
    const image = await deps.textImages.image(uuidParam(ctx.params.layout_id), uuidParam(ctx.params.block_id), textHash);
    // The link changes with the text and its style; a day's cache covers a spine that widened with added pages.
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = 'image/png';
    ctx.body = image;
  });
  return { router, docs: TEXT_IMAGE_DOCS };
}

const TEXT_IMAGE_DOCS: RouteDoc[] = [{
  method: 'get', path: '/layout/text/:layout_id/:block_id/:text_hash.png', tags: ['layouts'],
  summary: 'The picture of a text block\'s text (a block\'s content.link)',
  description: 'A transparent PNG of the text as the renderer sets it (font, size, colour, alignment, wrapping), the block\'s proportions at 150 dpi. The link is in every layout answer that shows the block; it opens the picture only while the block holds the text it was made for.',
  responses: {
    200: { description: 'The picture', schema: null, contentType: 'image/png' },
    404: { description: 'No such block, or its text or style changed since the link was made', schema: 'error-detail.json' },
  },
}];
