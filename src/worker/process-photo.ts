// After an upload: the photo's print master and the facts read from it, or the photo marked failed
// (src/photos/service.ts).
import { defineJob } from './job-context';
import { processPhoto as contract } from '../jobs/process-photo';

export const processPhoto = defineJob(contract, ({ photoId }, { photos }) => photos.process(photoId));
