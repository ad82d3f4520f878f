import { useEffect, useRef } from 'react';
import { formatShortDate } from '../../../kernel/format/formatFrench';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { businessesActions } from './businessesSlice';
import { SectionBadge } from './SectionBadge';
import { SourceLine } from './SourceLine';

/** The establishment whose name was clicked in a marker popup: its card, highlighted and scrolled to. */
export function HighlightedBusinessCard() {
  const dispatch = useAppDispatch();
  const highlighted = useAppSelector((state) => state.businesses.highlighted);
  const element = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) element.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [highlighted]);
  if (!highlighted) return null;
  const { business } = highlighted;
  return (
    <section
      ref={element}
      className="biz-card biz-card--highlighted biz-card--focus"
      data-testid="highlighted-business"
      data-business-id={highlighted.id}
      data-highlighted="true"
      aria-label={`Entreprise choisie sur la carte : ${business.name}`}
    >
      <div className="biz-card__main">
        <strong className="biz-card__name">{business.name}</strong>
        <span>{[business.address, business.city].filter(Boolean).join(', ') || 'Adresse non renseignée'}</span>
        <span>
          {business.nafCode ? (
            <>
              <code>{business.nafCode}</code> {business.nafLabel}
            </>
          ) : (
            'Activité non renseignée'
          )}{' '}
          <SectionBadge code={business.sectionCode} />
        </span>
        <span className="biz-muted">
          Employés : {business.employeeRange}
          {business.dateCreation ? ` · Créé le ${formatShortDate(business.dateCreation)}` : ''}
        </span>
        <SourceLine sourceLabel={business.sourceLabel} vintage={business.sourceVintage} demo={business.demo} />
      </div>
      <button
        type="button"
        className="button button--ghost"
        aria-label="Fermer la fiche"
        onClick={() => dispatch(businessesActions.businessHighlighted(null))}
      >
        Fermer
      </button>
    </section>
  );
}
