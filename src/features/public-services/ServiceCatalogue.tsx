import { useEffect, useState } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { CategoryIcon } from './categoryIcons';
import { DepartementSelectorDialog } from './DepartementSelectorDialog';
import { publicServicesActions } from './publicServicesSlice';
import { ServiceTypeRow } from './ServiceTypeRow';

/** 'Services': the nine categories, expandable to their service types. */
export function ServiceCatalogue() {
  const dispatch = useAppDispatch();
  const categories = useAppSelector((state) => state.publicServices.categories);
  const request = useAppSelector((state) => state.publicServices.departementRequest);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [checked, setChecked] = useState<string[]>([]);

  useEffect(() => {
    if (categories.status === 'idle') dispatch(publicServicesActions.categoriesRequested());
  }, [categories.status, dispatch]);

  if (categories.status === 'loading' || categories.status === 'idle') {
    return (
      <p className="ps-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Chargement des catégories...
      </p>
    );
  }
  if (categories.status === 'error') {
    return (
      <div className="ps-error" role="alert">
        <strong>Erreur lors du chargement des catégories de services</strong>
        <p>{categories.error}</p>
        <button type="button" className="button" onClick={() => dispatch(publicServicesActions.categoriesRequested())}>
          Réessayer
        </button>
      </div>
    );
  }
  const list = (categories.data ?? []).filter((category) => category.services.length > 0);
  if (list.length === 0) return <EmptyState title="Aucune catégorie disponible" />;
  const allTypes = list.flatMap((category) => category.services);
  const selectedTypes = allTypes.filter((type) => checked.includes(type.type_service_local));
  return (
    <div className="ps-catalogue">
      <div className="ps-actions">
        <span className="ps-muted">
          {selectedTypes.length} type{selectedTypes.length > 1 ? 's' : ''} sélectionné{selectedTypes.length > 1 ? 's' : ''}
        </span>
        <button
          type="button"
          className="button"
          disabled={selectedTypes.length === 0}
          onClick={() => {
            for (const type of selectedTypes) dispatch(publicServicesActions.typeDisplayRequested({ type }));
          }}
        >
          Afficher la sélection sur la carte
        </button>
      </div>
      {list.map((category) => {
        const open = expanded.includes(category.category_id);
        return (
          <section
            key={category.category_id}
            className="ps-category"
            style={{ '--ps-category-color': category.color } as React.CSSProperties}
          >
            <div className="ps-category__header">
              <span className="ps-category__icon" aria-hidden="true">
                <CategoryIcon name={category.icon} />
              </span>
              <button
                type="button"
                className="ps-category__toggle"
                aria-expanded={open}
                title={category.description}
                onClick={() =>
                  setExpanded((current) =>
                    open ? current.filter((id) => id !== category.category_id) : [...current, category.category_id],
                  )
                }
              >
                <span className="ps-category__name">{category.name}</span>
                <span className="ps-muted">
                  {formatNumber(category.service_count)} services · {category.services.length} types
                </span>
              </button>
            </div>
            {open ? (
              <ul className="ps-types">
                {category.services.map((type) => (
                  <ServiceTypeRow
                    key={type.type_service_local}
                    type={type}
                    checked={checked.includes(type.type_service_local)}
                    onCheck={() =>
                      setChecked((current) =>
                        current.includes(type.type_service_local)
                          ? current.filter((item) => item !== type.type_service_local)
                          : [...current, type.type_service_local],
                      )
                    }
                  />
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
      {request ? (
        <DepartementSelectorDialog
          typeName={request.name}
          count={request.count}
          onCancel={() => dispatch(publicServicesActions.departementSelectionClosed())}
          onConfirm={(departements) => {
            dispatch(publicServicesActions.departementSelectionClosed());
            dispatch(publicServicesActions.typeDisplayRequested({ type: request, departements }));
          }}
        />
      ) : null}
    </div>
  );
}
