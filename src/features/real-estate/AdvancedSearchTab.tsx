import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatEuros, formatEurosPerSquareMetre, formatNumber, formatShortDate } from '../../../kernel/format/formatFrench';
import {
  NATURE_MUTATION_VALUES,
  PROPERTY_CATEGORY_HINTS,
  PROPERTY_CATEGORY_LABELS,
  type PropertyCategory,
  type RealEstateFilters,
  type RealEstateSearchResult,
  TYPE_LOCAL_VALUES,
  typeLocalLabel,
} from '../../../kernel/real-estate/realEstateTypes';
import { realEstateActions } from './realEstateSlice';
import { lastTenYears, yearOf, yearRange } from './yearFilter';

const CATEGORIES = Object.keys(PROPERTY_CATEGORY_LABELS) as PropertyCategory[];
const numberInput = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Price per m² shown — building, else constructible, else land. */
function pricePerM2(result: RealEstateSearchResult): string {
  if (result.price_per_m2_bati !== null) return formatEurosPerSquareMetre(result.price_per_m2_bati);
  if (result.price_per_m2_constructible !== null) return formatEurosPerSquareMetre(result.price_per_m2_constructible);
  return formatEurosPerSquareMetre(result.price_per_m2_terrain);
}

function ResultCard({ result }: { result: RealEstateSearchResult }) {
  const street = [result.adresse_numero, result.adresse_nom_voie].filter(Boolean).join(' ');
  return (
    <article className={`re-result re-result--${result.property_category}`} data-testid="search-result">
      <div className="re-result__head">
        <strong>{result.type_local ? typeLocalLabel(result.type_local) : 'Non spécifié'}</strong>
        <span className="re-result__price">{formatEuros(result.valeur_fonciere)}</span>
      </div>
      <div className="re-muted">{[street, result.code_postal, result.nom_commune].filter(Boolean).join(', ')}</div>
      <div className="re-group__facts">
        <span>{pricePerM2(result)}</span>
        <span>
          {result.surface_reelle_bati !== null
            ? `${formatNumber(result.surface_reelle_bati)} m²`
            : `${formatNumber(result.surface_terrain)} m² terrain`}
        </span>
        {result.nombre_pieces_principales ? <span>{result.nombre_pieces_principales} pièce(s)</span> : null}
        <span>{formatShortDate(result.date_mutation)}</span>
      </div>
    </article>
  );
}

/** 'Recherche avancée' over the whole DVF base. */
export function AdvancedSearchTab() {
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => state.realEstate.search);
  const [filters, setFilters] = useState<RealEstateFilters>(search.filters);
  const [advanced, setAdvanced] = useState(false);
  const toggle = (key: 'property_category' | 'type_local' | 'nature_mutation', value: string, checked: boolean) => {
    const current = (filters[key] ?? []) as string[];
    setFilters({ ...filters, [key]: checked ? [...current, value] : current.filter((item) => item !== value) });
  };
  const run = (page: number) => dispatch(realEstateActions.searchRequested({ filters, page }));
  const result = search.result;
  const numberField = (key: keyof RealEstateFilters, label: string, min = 0) => (
    <label key={key}>
      {label}
      <input
        type="number"
        min={min}
        value={(filters[key] as number | undefined) ?? ''}
        onChange={(event) => setFilters({ ...filters, [key]: numberInput(event.target.value) })}
      />
    </label>
  );
  return (
    <div className="re-search">
      <div className="re-banner">
        <strong>Base DVF complète</strong> — recherche dans toutes les ventes importées, indépendamment de la zone.
      </div>
      <form
        className="re-form"
        onSubmit={(event) => {
          event.preventDefault();
          run(1);
        }}
      >
        <fieldset>
          <legend>Période</legend>
          <label className="re-year">
            Année
            <select
              value={yearOf(filters) ?? ''}
              onChange={(event) => setFilters({ ...filters, ...yearRange(event.target.value) })}
            >
              <option value="">Toutes les années</option>
              {lastTenYears(new Date().getFullYear()).map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </label>
          <div className="re-ranges">
            <label>
              Du
              <input type="date" value={filters.date_from ?? ''} onChange={(event) => setFilters({ ...filters, date_from: event.target.value || undefined })} />
            </label>
            <label>
              Au
              <input type="date" value={filters.date_to ?? ''} onChange={(event) => setFilters({ ...filters, date_to: event.target.value || undefined })} />
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>Catégorie de bien</legend>
          {CATEGORIES.map((category) => (
            <label key={category} className="re-check">
              <input
                type="checkbox"
                checked={filters.property_category?.includes(category) ?? false}
                onChange={(event) => toggle('property_category', category, event.target.checked)}
              />{' '}
              {PROPERTY_CATEGORY_LABELS[category]} <span className="re-muted">({PROPERTY_CATEGORY_HINTS[category]})</span>
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Type de bien</legend>
          <div className="re-checks">
            {TYPE_LOCAL_VALUES.map((type) => (
              <label key={type}>
                <input
                  type="checkbox"
                  checked={filters.type_local?.includes(type) ?? false}
                  onChange={(event) => toggle('type_local', type, event.target.checked)}
                />{' '}
                {typeLocalLabel(type)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="re-ranges">
          {numberField('price_min', 'Prix min (€)')}
          {numberField('price_max', 'Prix max (€)')}
        </div>
        <button type="button" className="link-button" aria-expanded={advanced} onClick={() => setAdvanced(!advanced)}>
          {advanced ? 'Masquer les filtres avancés' : 'Afficher les filtres avancés'}
        </button>
        {advanced ? (
          <div className="re-advanced">
            <div className="re-ranges">
              {numberField('surface_min', 'Surface min (m²)')}
              {numberField('surface_max', 'Surface max (m²)')}
              {numberField('rooms_min', 'Pièces min', 1)}
              {numberField('rooms_max', 'Pièces max', 1)}
              {numberField('price_per_m2_min', 'Prix/m² min (€)')}
              {numberField('price_per_m2_max', 'Prix/m² max (€)')}
            </div>
            <fieldset>
              <legend>Type de mutation</legend>
              <div className="re-checks">
                {NATURE_MUTATION_VALUES.map((nature) => (
                  <label key={nature}>
                    <input
                      type="checkbox"
                      checked={filters.nature_mutation?.includes(nature) ?? false}
                      onChange={(event) => toggle('nature_mutation', nature, event.target.checked)}
                    />{' '}
                    {nature}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        ) : null}
        <div className="re-actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setFilters({});
              dispatch(realEstateActions.searchReset());
            }}
          >
            Réinitialiser
          </button>
          <button type="submit" className="button button--primary" disabled={search.status === 'loading'}>
            {search.status === 'loading' ? 'Recherche...' : 'Rechercher'}
          </button>
        </div>
      </form>
      {search.status === 'error' ? (
        <div className="re-error" role="alert">
          <strong>Erreur de recherche</strong>
          <p>{search.error}</p>
        </div>
      ) : null}
      {search.status === 'idle' ? <p className="re-empty">Aucune recherche effectuée</p> : null}
      {result && search.status !== 'error' ? (
        result.total === 0 ? (
          <p className="re-empty">Aucun résultat trouvé</p>
        ) : (
          <div className="re-results">
            <p className="re-results__header">
              <strong>{formatNumber(result.total)} transaction(s) trouvée(s)</strong>
              <span className="re-muted">
                Page {result.page} sur {result.total_pages} • {result.search_time_ms} ms
              </span>
            </p>
            {result.transactions.map((transaction) => (
              <ResultCard key={transaction.id} result={transaction} />
            ))}
            {result.total_pages > 1 ? (
              <nav className="re-pagination" aria-label="Pagination">
                <button type="button" className="button" disabled={result.page <= 1 || search.status === 'loading'} onClick={() => run(result.page - 1)}>
                  Précédent
                </button>
                <span>
                  {result.page} / {result.total_pages}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={result.page >= result.total_pages || search.status === 'loading'}
                  onClick={() => run(result.page + 1)}
                >
                  Suivant
                </button>
              </nav>
            ) : null}
          </div>
        )
      ) : null}
    </div>
  );
}
