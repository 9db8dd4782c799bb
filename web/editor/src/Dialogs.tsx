// Reports shown over the editor: what autofill did, and the cart once the book is in it.
import { money, words } from './i18n';
import type { CartSummary } from './ordering';
import type { AutofillReport } from './types';

export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: React.ReactNode }) {
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-label={title}>
        <h2>{title}</h2>
        {children}
        <button type="button" autoFocus onClick={onClose}>{words.close}</button>
      </div>
    </div>
  );
}

export function AutofillDialog({ report, onClose }: { report: AutofillReport; onClose(): void }) {
  return (
    <Dialog title={words.autofillReport} onClose={onClose}>
      <p>{words.placedCount}: <strong data-testid="photos-placed">{report.photos_placed}</strong></p>
      {report.photos_left_out.length > 0 && (
        <>
          <p>{words.leftOut}:</p>
          <ul>{report.photos_left_out.map((left) => <li key={left.photo_id}>{words.photoLabel} {left.photo_id}: {words[left.reason]}</li>)}</ul>
        </>
      )}
      {(report.low > 0 || report.cannot_print > 0) && <p>{words.lowQuality}: {report.low}; {words.cannotPrint}: {report.cannot_print}</p>}
    </Dialog>
  );
}

export function CartDialog({ cart, onClose }: { cart: CartSummary; onClose(): void }) {
  return (
    <Dialog title={words.cart} onClose={onClose}>
      <p>{words.ordered}.</p>
      <ul>{cart.orders.map((order) => <li key={order.id}>{order.layout_name} × {order.count}: {money(order.cost)}</li>)}</ul>
      <p>{words.total}: <strong>{money(cart.total_cost)}</strong></p>
    </Dialog>
  );
}
