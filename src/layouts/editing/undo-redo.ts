// layout/undo and layout/redo: operations themselves (exactly once, broadcast), moving through the book's history.
import { redo, undo } from './history';
import type { EditMessage, EditOperation } from './messages';

interface LayoutMessage extends EditMessage {
  params: { layout_id: string; id?: string };
}

const historyTargets = (raw: EditMessage) => ({ layoutId: (raw as LayoutMessage).params.layout_id, history: true, wholeLayout: true });

export const undoLayout: EditOperation = {
  schemaId: 'layout-undo.json',
  movesHistory: true,
  targets: historyTargets,
  apply(state, raw) {
    return { ...undo(state, (raw as LayoutMessage).params.layout_id), layout: true };
  },
};

export const redoLayout: EditOperation = {
  schemaId: 'layout-redo.json',
  movesHistory: true,
  targets: historyTargets,
  apply(state, raw) {
    return { ...redo(state, (raw as LayoutMessage).params.layout_id), layout: true };
  },
};
