// The typed registry of background jobs: every job the service enqueues or handles is listed here once.
import type { JobRegistry } from '../src/queue/queue';
import { renderPreviews } from './render-previews';

export { renderPreviews };

export const jobRegistry: JobRegistry = [renderPreviews] as JobRegistry;
