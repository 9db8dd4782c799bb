// The editor's top bar: undo and redo, spreads, autofill, the price, the connection's state, and ordering.
import { money, words } from './i18n';
import type { SessionStatus } from './edit-session';
import { togetherWords } from './together/together-words';

export interface ToolbarProps {
  name: string;
  price: number | null | undefined;
  status: SessionStatus;
  saving: boolean;
  readOnly: boolean;
  /** Ordering and inviting are the owner's (issue 50); members see who is in the book through the same dialog. */
  isOwner: boolean;
  onInvite(): void;
  canRemoveSpread: boolean;
  onUndo(): void;
  onRedo(): void;
  onAddSpread(): void;
  onRemoveSpread(): void;
  onAutofill(): void;
  onOrder(): void;
}

export function Toolbar(props: ToolbarProps) {
  const { readOnly } = props;
  return (
    <header className="toolbar">
      <h1>{props.name}</h1>
      <div className="group">
        <button type="button" aria-label={words.undo} title={`${words.undo} (Ctrl+Z)`} disabled={readOnly} onClick={props.onUndo}>↶</button>
        <button type="button" aria-label={words.redo} title={`${words.redo} (Ctrl+Shift+Z)`} disabled={readOnly} onClick={props.onRedo}>↷</button>
      </div>
      <div className="group">
        <button type="button" disabled={readOnly} onClick={props.onAddSpread}>{words.addSpread}</button>
        <button type="button" disabled={readOnly || !props.canRemoveSpread} onClick={props.onRemoveSpread}>{words.removeSpread}</button>
        <button type="button" disabled={readOnly} onClick={props.onAutofill}>{words.autofill}</button>
      </div>
      <span className="price" data-testid="price">{props.price != null ? `${words.price}: ${money(props.price)}` : ''}</span>
      <span className={`connection ${props.status}`} role="status" data-testid="connection">
        {props.status === 'offline' ? words.offline : props.saving ? words.saving : words.saved}
      </span>
      <button type="button" onClick={props.onInvite}>{togetherWords.invite}</button>
      <button type="button" className="primary" disabled={readOnly || !props.isOwner} onClick={props.onOrder}>{words.order}</button>
    </header>
  );
}
