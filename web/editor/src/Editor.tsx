// The editor of one book: the spread, the page strip, the photo panel, the inspector and the side panels, wired to
// the editing session (every change an editing-channel operation) and the REST API (photos, schemes, preflight).
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { api } from './api';
import { placedPhotoIds, spreadIndexOfPage, spreadsOf } from './book-changes';
import { AutofillDialog, CartDialog } from './Dialogs';
import type { EditSession } from './edit-session';
import { words } from './i18n';
import { type FocusRequest, Inspector } from './Inspector';
import { isProvisionalPage, optimisticResult } from './optimistic';
import { type CartSummary, finishAndOrder, SHOP_CART_PATH } from './ordering';
import { PagePanel } from './PagePanel';
import { PageStrip } from './PageStrip';
import { PhotoPanel } from './PhotoPanel';
import { PreflightPanel } from './PreflightPanel';
import { SpreadView } from './SpreadView';
import { CommentsPanel } from './together/CommentsPanel';
import { InviteDialog } from './together/InviteDialog';
import { SpreadPresence } from './together/SpreadPresence';
import { type MemberRole, userIdOf } from './together/together-api';
import { togetherWords } from './together/together-words';
import { holderOf, useTogether } from './together/use-together';
import { Toolbar } from './Toolbar';
import type { AutofillReport, Block, Layout, Preflight, Scheme, ThemeElement } from './types';
import { usePhotoUploads } from './use-photo-uploads';

/** role: the user's in a shared book (the owner's for their own); null when they are no member (an administrator). */

/**
 * The book's page height in millimetres, from the first page with a scheme (the cover's template is the format's);
 * a page may have none (its scheme not set yet), and a book with none at all is drawn as 20 cm high.
 */
const pageHeightMm = (layout: Layout) => layout.pages.find((page) => page.template)?.template?.height ?? 200;
export function Editor({ session, token, price, role }: { session: EditSession; token: string; price: number | null; role: MemberRole | null }) {
  const state = useSyncExternalStore(session.subscribe, session.snapshot);
  const confirmedLayout = state.layout!;
  const [current, setCurrent] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Which text block's field should take the focus: set by a click (or Enter) on a text frame, not by tabbing onto one.
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [textDraft, setTextDraft] = useState<{ blockId: string; text: string; timer: number } | null>(null);
  const [schemes, setSchemes] = useState<Scheme[]>([]);
  const [backgrounds, setBackgrounds] = useState<ThemeElement[]>([]);
  const [preflight, setPreflight] = useState<Preflight | null>(null);
  const [report, setReport] = useState<AutofillReport | null>(null);
  const [cart, setCart] = useState<CartSummary | null>(null);
  const [inviting, setInviting] = useState(false);
  const [openThreadId, setOpenThreadId] = useState<number | null>(null);
  const frozen = confirmedLayout.status === 'IN_WORK' || confirmedLayout.status === 'DELETED';
  // Viewers and contributors see the book as it is; contributors still add their own photos to it.
  const readOnly = frozen || role === 'viewer' || role === 'contributor';
  const isOwner = role === 'owner' || role === null;
  const uploads = usePhotoUploads(session, token);

  // What is typed shows at once; it is sent when the typing pauses (or the field is left), as one block/text.
  const layout: Layout = textDraft
    ? optimisticResult(confirmedLayout, { transaction_id: 'draft', object: 'block', action: 'text', params: { layout_id: confirmedLayout.id, id: textDraft.blockId }, payload: { text: textDraft.text } })
    : confirmedLayout;
  const spreads = spreadsOf(layout);
  const spreadIndex = Math.min(current, spreads.length - 1);
  const spread = spreads[spreadIndex] ?? [];
  const placed = useMemo(() => placedPhotoIds(layout), [layout]);
  const selected = spread.flatMap((page) => page.blocks.map((block) => ({ page, block }))).find(({ block }) => block.id === selectedId);
  const myId = userIdOf(token);
  const together = useTogether({
    session, token, layoutId: confirmedLayout.id, myId, holdsFrames: !readOnly, online: state.status === 'online',
    pageId: selected?.page.id ?? spread[0]?.id ?? null, blockId: selected?.block.id ?? null,
  });
  const heldBy = selected && holderOf(together.others, selected.block.id);

  useEffect(() => {
    if (layout.fmt == null) return;
    api<Scheme[]>(token, `/api/ua/scheme/?fmt=${layout.fmt}`).then(setSchemes, () => undefined);
    if (layout.theme != null) api<ThemeElement[]>(token, `/api/theme/${layout.theme}/element/?element_type=PAGE_BACKGROUND`).then(setBackgrounds, () => undefined);
  }, [token, layout.fmt, layout.theme]);

  const flushText = () => {
    if (!textDraft) return;
    window.clearTimeout(textDraft.timer);
    setTextDraft(null);
    void session.send('block', 'text', textDraft.blockId, { text: textDraft.text });
  };
  const typing = (blockId: string, text: string) => {
    if (textDraft) window.clearTimeout(textDraft.timer);
    const timer = window.setTimeout(() => {
      setTextDraft(null);
      void session.send('block', 'text', blockId, { text });
    }, 400);
    setTextDraft({ blockId, text, timer });
  };
  const select = (block: Block | null, focusText = true) => {
    if (block?.id !== textDraft?.blockId) flushText();
    setSelectedId(block?.id ?? null);
    if (block?.type === 'TEXT' && focusText) setFocusRequest((request) => ({ blockId: block.id, count: (request?.count ?? 0) + 1 }));
  };
  const undo = () => { flushText(); void session.send('layout', 'undo', undefined); };
  const redo = () => { flushText(); void session.send('layout', 'redo', undefined); };
  const checkPreflight = () => api<Preflight>(token, `/api/ua/layout/${layout.id}/preflight/`).then((found) => {
    setPreflight(found);
    return found;
  }, () => null);
  const openPage = (pageId: string) => setCurrent(Math.max(0, spreadIndexOfPage(layout, pageId)));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || readOnly) return;
      if (target.matches('input, textarea, select')) return;
      event.preventDefault();
      if (event.shiftKey) redo();
      else undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const order = async () => {
    flushText();
    const outcome = await finishAndOrder(session, token, layout.id).catch(() => ({ kind: 'failed' as const }));
    if (outcome.kind === 'shop_cart') window.location.assign(SHOP_CART_PATH);
    else if (outcome.kind === 'cart') setCart(outcome.cart);
    else if (outcome.kind === 'refused') {
      const found = await checkPreflight();
      const first = found?.pages.find((page) => page.problems.some((problem) => problem.severity === 'error'))?.num;
      if (first !== undefined) setCurrent(Math.max(0, spreads.findIndex((pages) => pages.some((page) => page.num === first))));
    }
  };

  return (
    <div className={`editor${readOnly ? ' read-only' : ''}`}>
      <Toolbar name={layout.name || layout.product_name} price={layout.price_info?.total_cost ?? price} status={state.status}
        saving={state.pending.length > 0} readOnly={readOnly} isOwner={isOwner && !frozen} onInvite={() => setInviting(true)} canRemoveSpread={spread[0]?.type === 'PAGE'}
        onUndo={undo} onRedo={redo}
        onAddSpread={() => session.send('page', 'add', spread[spread.length - 1].id).then(() => setCurrent(spreadIndex + 1))}
        onRemoveSpread={() => session.send('page', 'remove', spread[0].id)}
        onAutofill={() => session.send('layout', 'autofill', undefined, {}).then((ack) => ack.response_data?.autofill && setReport(ack.response_data.autofill))}
        onOrder={() => void order()} />
      {readOnly && <p className="banner" role="status">{frozen ? words.frozen : togetherWords.viewerBanner}</p>}
      {state.notice && <p className="notice" role="alert" key={state.notice.at}>{state.notice.text}</p>}
      <PhotoPanel photos={layout.photos ?? []} photoIds={layout.photo_ids} statusOf={uploads.statusOf} placed={placed}
        uploads={uploads.list} readOnly={frozen || role === 'viewer'} onFiles={uploads.send}
        onPick={(photoId) => selected?.block.type === 'PHOTO' && !readOnly && session.send('block', 'set', selected.block.id, { photo_id: photoId })} />
      <main className="stage-area">
        <SpreadView spread={spread} fontSize={layout.font_size} pageHeightMm={pageHeightMm(layout)} readOnly={readOnly} selectedBlockId={selectedId} onSelect={select}
          onPhotoDropped={(block, photoId) => session.send('block', 'set', block.id, { photo_id: photoId })}
          onFilesDropped={uploads.send}
          onCrop={(block, photo) => session.send('block', 'crop', block.id, { crop: photo.crop, rotation: photo.rotation, mirror: photo.mirror })}
          overlay={(frames) => <SpreadPresence frames={frames} others={together.others} onOpenThread={setOpenThreadId}
            threads={together.comments.filter((comment) => comment.reply_to === null && !comment.resolved)} />} />
        <PageStrip spreads={spreads} current={spreadIndex} readOnly={readOnly}
          provisional={(page) => isProvisionalPage(page, state.pending)} onOpen={setCurrent}
          onMove={(pageId, afterId) => session.send('page', 'move', pageId, { after: afterId })} />
      </main>
      <aside className="side">
        {heldBy && <p className="hint" role="status" data-testid="held-by">{togetherWords.heldBy} {heldBy.name || togetherWords.guest}</p>}
        {selected
          ? <Inspector block={selected.block} page={selected.page} fontSize={layout.font_size} readOnly={readOnly || !!heldBy} focusRequest={focusRequest}
              onCrop={(photo) => session.send('block', 'crop', selected.block.id, { crop: photo.crop, rotation: photo.rotation, mirror: photo.mirror })}
              onClear={() => session.send('block', 'clear', selected.block.id)}
              onText={(change) => { flushText(); void session.send('block', 'text', selected.block.id, change); }}
              onTyping={(text) => typing(selected.block.id, text)} />
          : <p className="hint">{words.selectFrame}</p>}
        <PagePanel pages={spread} schemes={schemes} backgrounds={backgrounds} readOnly={readOnly}
          onScheme={(page, schemeId) => session.send('page', 'set', page.id, { id: schemeId })}
          onBackground={(page, elementId) => session.send('page', 'background', page.id, { element_id: elementId })} />
        <CommentsPanel comments={together.comments} openThreadId={openThreadId} mayResolve={isOwner || role === 'editor'}
          target={spread[0] ? { page_id: selected?.page.id ?? spread[0].id, block_id: selected?.block.id ?? null } : null}
          onSay={together.say} onResolve={(id) => void together.resolve(id)} />
        <PreflightPanel preflight={preflight} onCheck={() => void checkPreflight()}
          onOpenPage={(num) => { const page = layout.pages.find((candidate) => candidate.num === num); if (page) openPage(page.id); }} />
      </aside>
      {report && <AutofillDialog report={report} onClose={() => setReport(null)} />}
      {inviting && <InviteDialog token={token} layoutId={layout.id} myId={myId} isOwner={isOwner} onClose={() => setInviting(false)} onProblem={(text) => session.tell(text)} />}
      {cart && <CartDialog cart={cart} onClose={() => setCart(null)} />}
    </div>
  );
}
