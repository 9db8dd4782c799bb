// Who is editing which book: the shop's token (or a new visitor's), the book named by the fragment (#<hash>/ or
// #<layout id>/), and what to show when there is no book to edit: a message with a way back, never a blank page.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { adoptToken, api, ensureToken, HttpError, startLogin } from './api';
import { EditSession } from './edit-session';
import { Editor } from './Editor';
import { words } from './i18n';
import { acceptInvitation, type MemberRole, roleIn } from './together/together-api';
import { togetherWords } from './together/together-words';
import type { Layout } from './types';

type Boot =
  | { kind: 'loading' }
  | { kind: 'no_book'; token: string; books: { id: string; hash: string; name: string }[] }
  | { kind: 'no_access'; token: string | null }
  | { kind: 'invitation_invalid' }
  | { kind: 'ready'; token: string; session: EditSession; price: number | null; role: MemberRole | null };

export const bookRefFromFragment = (fragment: string) => fragment.replace(/^#\/?/, '').split('/')[0] ?? '';

async function boot(): Promise<Boot> {
  const token = await ensureToken();
  // An invitation link (/redaktor/?invitation=<token>) joins its book, which then opens as any other (#<id>/).
  const invitation = new URLSearchParams(location.search).get('invitation');
  if (invitation) {
    const accepted = await acceptInvitation(token, invitation);
    if (!accepted) return { kind: 'invitation_invalid' };
    history.replaceState(null, '', `${location.pathname}#${accepted.layout_id}/`);
  }
  const ref = bookRefFromFragment(location.hash);
  if (!ref) {
    const list = await api<{ layouts: { id: string; hash: string; name: string }[] }>(token, '/api/ua/layout/?page_size=50');
    return { kind: 'no_book', token, books: list.layouts };
  }
  let layout: Layout;
  try {
    layout = await api<Layout>(token, `/api/ua/layout/${encodeURIComponent(ref)}/`);
  } catch (error) {
    if (error instanceof HttpError && [400, 403, 404].includes(error.status)) return { kind: 'no_access', token };
    throw error;
  }
  // "My products" carries the price, which the layout read does not; the editing channel's answers keep it current.
  const mine = await api<{ layouts: { id: string; price_info: { total_cost: number | null } }[] }>(token, '/api/ua/layout/?page_size=100').catch(() => null);
  const price = mine?.layouts.find((book) => book.id === layout.id)?.price_info.total_cost ?? null;
  return { kind: 'ready', token, session: new EditSession(layout.id, token), price, role: await roleIn(token, layout.id) };
}

function NoAccess({ token }: { token: string | null }) {
  const [loginOffered, setLoginOffered] = useState(true);
  return (
    <main className="message-page">
      <p role="alert">{words.noAccess}</p>
      <p><a href="/">{words.backToShop}</a></p>
      {token && loginOffered && (
        <button type="button" onClick={() => startLogin(token).then(setLoginOffered)}>{words.login}</button>
      )}
      <details>
        <summary>{words.tokenLogin}</summary>
        <form onSubmit={(event) => {
          event.preventDefault();
          const pasted = new FormData(event.currentTarget).get('token');
          if (typeof pasted === 'string' && pasted.trim()) adoptToken(pasted.trim());
        }}>
          <label>{words.token} <input name="token" autoComplete="off" /></label>
          <button type="submit">{words.login}</button>
        </form>
      </details>
    </main>
  );
}

function Session({ boot }: { boot: Extract<Boot, { kind: 'ready' }> }) {
  const state = useSyncExternalStore(boot.session.subscribe, boot.session.snapshot);
  if (state.status === 'no_access') return <NoAccess token={boot.token} />;
  if (!state.layout) return <main className="message-page"><p role="status">{words.loading}</p></main>;
  return <Editor session={boot.session} token={boot.token} price={boot.price} role={boot.role} />;
}

export function App() {
  const [state, setState] = useState<Boot>({ kind: 'loading' });
  useEffect(() => {
    boot().then(setState, () => setState({ kind: 'no_access', token: null }));
    const reload = () => location.reload();
    window.addEventListener('hashchange', reload);
    return () => window.removeEventListener('hashchange', reload);
  }, []);
  if (state.kind === 'loading') return <main className="message-page"><p role="status">{words.loading}</p></main>;
  if (state.kind === 'no_access') return <NoAccess token={state.token} />;
  if (state.kind === 'invitation_invalid') return <main className="message-page"><p role="alert">{togetherWords.invitationInvalid}</p><p><a href="/">{words.backToShop}</a></p></main>;
  if (state.kind === 'no_book') {
    return (
      <main className="message-page">
        <p>{words.noBook}</p>
        <ul>{state.books.map((book) => <li key={book.id}><a href={`#${book.hash}/`}>{book.name || book.hash}</a></li>)}</ul>
        <p><a href="/">{words.backToShop}</a></p>
      </main>
    );
  }
  return <Session boot={state} />;
}
