// Every (object, action) pair the editing channel accepts, with its schema in schemas/ (docs/api.md, "Editing a book").
import { clearBlock, cropBlockPhoto, setBlockPhoto } from './block-photo';
import { setBlockText } from './block-text';
import { autofillLayout } from './autofill';
import { addBookPhotos, removeBookPhotos } from './book-photos';
import { finishLayout } from './finish';
import type { EditOperation } from './messages';
import { setPageBackground } from './page-background';
import { addSpread, moveSpread, removeSpread } from './page-spreads';
import { setScheme } from './set-scheme';
import { redoLayout, undoLayout } from './undo-redo';

export const OPERATIONS: Record<string, EditOperation> = {
  'page:set': setScheme,
  'page:add': addSpread,
  'page:remove': removeSpread,
  'page:move': moveSpread,
  'page:background': setPageBackground,
  'block:set': setBlockPhoto,
  'block:crop': cropBlockPhoto,
  'block:clear': clearBlock,
  'block:text': setBlockText,
  'layout:add_photos': addBookPhotos,
  'layout:remove_photos': removeBookPhotos,
  'layout:undo': undoLayout,
  'layout:redo': redoLayout,
  'layout:autofill': autofillLayout,
  'layout:finish': finishLayout,
};
