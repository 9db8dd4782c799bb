// layout/undo and layout/redo: operations themselves (exactly once, broadcast), moving through the book's history.
import { redo, undo } from './history';
import type { EditOperation, MessageOf } from './messages';

const historyTargets = (message: MessageOf<'layout-undo.json' | 'layout-redo.json'>) => ({ layoutId: message.params.layout_id, history: true, wholeLayout: true });

export const undoLayout: EditOperation<'layout-undo.json'> = {
  schemaId: 'layout-undo.json',
  movesHistory: true,
  targets: historyTargets,
  apply(state, message) {
    return { ...undo(state, message.params.layout_id), layout: true };
  },
};

export const redoLayout: EditOperation<'layout-redo.json'> = {
  schemaId: 'layout-redo.json',
  movesHistory: true,
  targets: historyTargets,
  apply(state, message) {
    return { ...redo(state, message.params.layout_id), layout: true };
  },
};
