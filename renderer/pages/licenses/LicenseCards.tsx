import type { ReactNode } from 'react';
import type { LicenseType } from '../../../shared/licenses/vocabulary';
import { type LicenseCard, licenseCards } from './catalog';
import { cardElementId } from './selection';
import { paymentMethodsText, useBankOffered } from './payment-methods';

interface Props {
  selected: LicenseType | undefined;
  /** undefined: read-only cards (signed-out view) */
  onSelect?: (type: LicenseType) => void;
  /** the form of the selected card, placed right after it on narrow screens */
  children?: ReactNode;
}

const tag: Record<LicenseType, string> = { community: 'Free', trial: 'Trial', enterprise: 'Pro' };

/** A card's lines; Enterprise Pro's last one names the payment methods this installation offers. */
export function cardFeatures(card: LicenseCard, bankOffered: boolean): string[] {
  return card.type === 'enterprise' ? [...card.features, `Pay by ${paymentMethodsText(bankOffered)}`] : card.features;
}

function Card({ card, selected, onSelect }: { card: LicenseCard; selected: boolean; onSelect: Props['onSelect'] }) {
  const features = cardFeatures(card, useBankOffered());
  return (
    <article
      id={cardElementId(card.type)}
      className={`choice-card lic-card lic-card-${card.type}${selected ? ' selected' : ''}`}
      data-testid={`license-card-${card.type}`}
      aria-current={selected ? 'true' : undefined}
    >
      <header className="spread-top lic-card-head">
        <h2>{card.title}</h2>
        <span className={`lic-tag lic-tag-${card.type}`}>{tag[card.type]}</span>
      </header>
      <p className="lic-card-price">
        <strong>{card.price}</strong> <span className="muted">{card.priceNote}</span>
      </p>
      <p className="lic-card-summary">{card.summary}</p>
      <ul className="stack-list lic-card-features">
        {features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {onSelect && (
        <footer className="lic-card-foot">
          <button type="button" className={`btn${selected ? ' btn-primary' : ''}`} aria-pressed={selected} onClick={() => onSelect(card.type)}>
            {selected ? 'Selected' : card.action}
          </button>
        </footer>
      )}
    </article>
  );
}

/** The three license cards; selecting one toggles it (the page turns the click into an address). */
export function LicenseCards({ selected, onSelect, children }: Props) {
  return (
    <div className="lic-picker" data-selected={selected ?? ''}>
      {licenseCards.map((card) => (
        <Card key={card.type} card={card} selected={card.type === selected} onSelect={onSelect} />
      ))}
      {children}
    </div>
  );
}
