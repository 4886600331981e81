// After one of a merchant's rows is relabelled, a small panel above the Add Expense button offers
// to give the merchant's other rows the same label (issue 25). It never takes the focus; the
// relabel's own announcement says that the offer is there.
import type { KeyboardEvent } from 'react';
import type { MerchantOffer as Offer } from '@/domain/transaction-view';

export const offerText = (o: Offer) =>
  `${o.ids.length === 1 ? '1 other' : `${o.ids.length.toLocaleString('en-US')} other`} ${o.merchant} ${
    o.ids.length === 1 ? 'transaction' : 'transactions'
  } can be labelled ${o.label} too.`;

export function MerchantOfferPanel(props: { offer: Offer; onAccept: () => void; onDismiss: () => void }) {
  const { offer } = props;
  const n = offer.ids.length;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') props.onDismiss();
  };
  return (
    <section
      className="merchant-offer"
      aria-label={`Label other ${offer.merchant} transactions`}
      onKeyDown={onKey}
    >
      <p>
        Label {n === 1 ? 'the other' : `the ${n.toLocaleString('en-US')} other`}{' '}
        <strong>{offer.merchant}</strong> {n === 1 ? 'transaction' : 'transactions'} as{' '}
        <strong>{offer.label}</strong> too?
      </p>
      <div className="merchant-offer-actions">
        <button type="button" className="btn btn-sm" onClick={props.onDismiss}>
          No thanks
        </button>
        <button type="button" className="btn btn-sm btn-primary" onClick={props.onAccept}>
          Label {n === 1 ? 'it' : `all ${n.toLocaleString('en-US')}`}
        </button>
      </div>
    </section>
  );
}
