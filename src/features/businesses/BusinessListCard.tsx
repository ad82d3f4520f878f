import { useEffect, useState } from 'react';
import { EMPLOYEE_BANDS } from '../../../kernel/businesses/employeeBands';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { BusinessSortKey } from '../../../workers/businesses/zoneBusinessesQuery';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BusinessCard } from './BusinessCard';
import { businessesActions } from './businessesSlice';
import { Collapsible } from './Collapsible';
import { ErrorBox, LoadingLine } from './LoadingLine';
import { MapToggle } from './MapToggle';
import { pageWindow } from './pageWindow';

const SORTS: { value: BusinessSortKey; label: string }[] = [
  { value: 'name', label: 'Nom' },
  { value: 'naf', label: 'Code NAF' },
  { value: 'headcount', label: 'Effectif' },
];

/** Waits this long after the last keystroke before asking DuckDB. */
const TYPING_DELAY_MS = 250;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * 'Liste complète des entreprises': search, sort, NAF prefix and headcount filters, selection, map
 * display, pages of 50 with five page buttons and the CSV export — all answered by DuckDB-WASM over the
 * zone's establishments, without a server round-trip.
 */
export function BusinessListCard() {
  const dispatch = useAppDispatch();
  const query = useAppSelector((state) => state.businesses.listQuery);
  const page = useAppSelector((state) => state.businesses.listPage);
  const engine = useAppSelector((state) => state.businesses.engine);
  const selectedIds = useAppSelector((state) => state.businesses.selectedIds);
  const [search, setSearch] = useState(query.search ?? '');
  const [nafPrefix, setNafPrefix] = useState(query.nafPrefix ?? '');

  useEffect(() => {
    if (search === (query.search ?? '') && nafPrefix === (query.nafPrefix ?? '')) return undefined;
    const timer = setTimeout(
      () =>
        dispatch(
          businessesActions.listQueryChanged({ search: search || undefined, nafPrefix: nafPrefix || undefined }),
        ),
      TYPING_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [search, nafPrefix, query.search, query.nafPrefix, dispatch]);

  const total = page.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const pageIds = page.data?.businesses.map((business) => business.id) ?? [];
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selectedIds.includes(id));
  const { ids: _ids, ...filters } = query;

  return (
    <Collapsible
      title="Liste complète des entreprises"
      defaultOpen={false}
      testId="business-list"
      actions={
        <button
          type="button"
          className="button"
          disabled={engine.status !== 'loaded' || total === 0}
          onClick={() => dispatch(businessesActions.csvExportRequested({ date: today() }))}
        >
          Exporter CSV
        </button>
      }
    >
      <div className="biz-filters">
        <input
          type="search"
          className="biz-input biz-filters__search"
          placeholder="Rechercher par nom, ville, code NAF, SIRET..."
          aria-label="Rechercher dans la liste"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className="biz-field">
          Trier par
          <select
            className="biz-input"
            value={query.sort}
            onChange={(event) =>
              dispatch(businessesActions.listQueryChanged({ sort: event.target.value as BusinessSortKey }))
            }
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button"
          aria-label={
            query.descending ? 'Ordre décroissant (passer en croissant)' : 'Ordre croissant (passer en décroissant)'
          }
          onClick={() => dispatch(businessesActions.listQueryChanged({ descending: !query.descending }))}
        >
          {query.descending ? 'Décroissant ↓' : 'Croissant ↑'}
        </button>
        <label className="biz-field">
          Préfixe NAF
          <input
            className="biz-input biz-input--short"
            placeholder="ex. 56.10"
            value={nafPrefix}
            onChange={(event) => setNafPrefix(event.target.value)}
          />
        </label>
        <label className="biz-field">
          Effectif
          <select
            className="biz-input"
            value={query.employeeSize ?? ''}
            onChange={(event) =>
              dispatch(businessesActions.listQueryChanged({ employeeSize: event.target.value || undefined }))
            }
          >
            <option value="">Tous</option>
            {EMPLOYEE_BANDS.map((band) => (
              <option key={band.code} value={band.code}>
                {band.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="biz-actions">
        <label className="biz-check">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={pageIds.length === 0}
            onChange={() => dispatch(businessesActions.selectionOfAllToggled(pageIds))}
          />
          Tout sélectionner
        </label>
        <MapToggle
          layerKey="list:all"
          label="la liste"
          text="Afficher tout"
          source={() => ({ kind: 'query', query: filters })}
        />
        <MapToggle
          layerKey="list:selection"
          label="la sélection"
          text={`Afficher sélection (${selectedIds.length})`}
          source={() => ({ kind: 'query', query: { ...filters, ids: selectedIds } })}
        />
      </div>
      {engine.status === 'loading' || page.status === 'idle' ? (
        <LoadingLine text="Chargement des établissements de la zone..." />
      ) : page.status === 'error' ? (
        <ErrorBox message={page.error} />
      ) : (
        <>
          <p className="biz-muted biz-small" aria-live="polite">
            {formatNumber(total)} entreprise{total > 1 ? 's' : ''}
            {page.data ? ` · ${formatNumber(page.data.queryTimeMs)} ms (DuckDB)` : ''}
            {page.status === 'loading' ? ' · mise à jour…' : ''}
          </p>
          {page.data && page.data.businesses.length === 0 ? (
            <p className="biz-empty">Aucune entreprise trouvée</p>
          ) : (
            <ul className="biz-cards biz-cards--list">
              {page.data?.businesses.map((business) => (
                <BusinessCard
                  key={business.id}
                  business={business}
                  selected={selectedIds.includes(business.id)}
                  onSelect={() => dispatch(businessesActions.selectionToggled(business.id))}
                />
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav className="biz-pager" aria-label="Pages de la liste">
              <button
                type="button"
                className="button"
                disabled={query.page === 0}
                onClick={() => dispatch(businessesActions.listQueryChanged({ page: query.page - 1 }))}
              >
                Précédent
              </button>
              {pageWindow(query.page, pages).map((number) => (
                <button
                  key={number}
                  type="button"
                  className={`button${number === query.page ? ' button--primary' : ''}`}
                  aria-current={number === query.page ? 'page' : undefined}
                  onClick={() => dispatch(businessesActions.listQueryChanged({ page: number }))}
                >
                  {number + 1}
                </button>
              ))}
              <button
                type="button"
                className="button"
                disabled={query.page >= pages - 1}
                onClick={() => dispatch(businessesActions.listQueryChanged({ page: query.page + 1 }))}
              >
                Suivant
              </button>
              <span className="biz-muted">
                Page {query.page + 1} sur {pages}
              </span>
            </nav>
          ) : null}
        </>
      )}
    </Collapsible>
  );
}
