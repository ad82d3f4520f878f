import { useEffect, useRef } from 'react';
import { formatShortDate } from '../../../kernel/format/formatFrench';
import type { Business } from '../../../kernel/businesses/businessSchemas';
import { useAppSelector } from '../../app/hooks';
import { businessName, cityLine } from './mapBusiness';
import { SectionBadge } from './SectionBadge';
import { SourceLine } from './SourceLine';

/**
 * One establishment: name and enseigne, address, NAF code and label with its section badge, headcount
 * band, creation date, status, source and vintage. The card chosen from a marker popup is highlighted
 * and scrolled into view.
 */
export function BusinessCard({
  business,
  selected,
  onSelect,
  onLocate,
}: {
  business: Business;
  selected?: boolean;
  onSelect?: () => void;
  onLocate?: () => void;
}) {
  const highlighted = useAppSelector((state) => state.businesses.highlighted?.id === business.id);
  const element = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) element.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [highlighted]);
  const name = businessName(business);
  return (
    <li
      ref={element}
      className={`biz-card${highlighted ? ' biz-card--highlighted' : ''}`}
      data-testid="business-card"
      data-business-id={business.id}
      data-highlighted={highlighted ? 'true' : undefined}
    >
      {onSelect ? (
        <input type="checkbox" checked={selected ?? false} onChange={onSelect} aria-label={`Sélectionner ${name}`} />
      ) : null}
      <div className="biz-card__main">
        <strong className="biz-card__name">{name}</strong>
        {business.enseigne && business.denomination && business.enseigne !== business.denomination ? (
          <span className="biz-muted">Enseigne : {business.enseigne}</span>
        ) : null}
        <span>{[business.address, cityLine(business)].filter(Boolean).join(', ') || 'Adresse non renseignée'}</span>
        <span>
          {business.naf_code ? (
            <>
              <code>{business.naf_code}</code> {business.naf_label}
            </>
          ) : (
            'Activité non renseignée'
          )}{' '}
          <SectionBadge code={business.section_code} />
        </span>
        <span className="biz-muted">
          Employés : {business.employee_range}
          {business.date_creation ? ` · Créé le ${formatShortDate(business.date_creation)}` : ''}
          {business.siret ? ` · SIRET ${business.siret}` : ''}
          {business.status === 'F' ? ' · Fermé' : ''}
        </span>
        <SourceLine
          sourceLabel={business.source_label}
          vintage={business.source_vintage}
          demo={business.demo}
          alsoIn={business.also_in}
        />
      </div>
      {onLocate && business.latitude !== null && business.longitude !== null ? (
        <button
          type="button"
          className="button button--ghost biz-card__locate"
          onClick={onLocate}
          aria-label={`Localiser ${name} sur la carte`}
        >
          Localiser
        </button>
      ) : null}
    </li>
  );
}
