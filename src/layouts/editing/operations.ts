// Every (object, action) pair the editing channel accepts. Add page add/remove/move or block set here.
import type { EditOperation } from './messages';
import { setScheme } from './set-scheme';

export const OPERATIONS: Record<string, EditOperation> = {
  'page:set': setScheme,
};
