import { useState } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { ZoneCategory } from '../../../kernel/public-services/publicServiceSchemas';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CategoryIcon } from './categoryIcons';
import { publicServicesActions } from './publicServicesSlice';
import { ServiceItem } from './ServiceItem';

/** A category of the zone analysis: icon, colour, count, show-all/hide-all and its services when expanded. */
export function CategoryCard({ category }: { category: ZoneCategory }) {
  const dispatch = useAppDispatch();
  const visible = useAppSelector((state) => state.publicServices.visibleServiceIds);
  const [expanded, setExpanded] = useState(false);
  const ids = category.services.filter((service) => service.latitude !== null).map((service) => service.id);
  const allShown = ids.length > 0 && ids.every((id) => visible[id]);
  const listId = `ps-category-${category.category}`;
  return (
    <section className="ps-category" style={{ '--ps-category-color': category.color } as React.CSSProperties}>
      <div className="ps-category__header">
        <span className="ps-category__icon" aria-hidden="true">
          <CategoryIcon name={category.icon} />
        </span>
        <button
          type="button"
          className="ps-category__toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          <span className="ps-category__name">{category.name}</span>
          <span className="ps-muted">
            {formatNumber(category.count)} service{category.count > 1 ? 's' : ''} trouvé{category.count > 1 ? 's' : ''}
          </span>
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={allShown}
          disabled={ids.length === 0}
          onClick={() => dispatch(publicServicesActions.categoryVisibilityToggled({ serviceIds: ids }))}
        >
          {allShown ? 'Masquer tout' : 'Afficher tout'}
        </button>
      </div>
      {expanded ? (
        <ul className="ps-services" id={listId}>
          {category.services.map((service) => (
            <ServiceItem
              key={service.id}
              service={service}
              visible={Boolean(visible[service.id])}
              onToggle={() => dispatch(publicServicesActions.serviceVisibilityToggled(service.id))}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
