// When a product is created, or its theme's front cover changes: its gallery preview, the front of its cover as
// its layout describes it (src/products/preview-service.ts).
import { defineJob } from './job-context';
import { renderPreviews as contract } from '../jobs/render-previews';

export const renderPreviews = defineJob(contract, ({ productId }, { productPreviews }) => productPreviews.render(productId));
