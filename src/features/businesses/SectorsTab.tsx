import { useEffect, useMemo, useState } from 'react';
import { employeeBandLabel, SIZE_CLASS_LABELS, SIZE_CLASSES } from '../../../kernel/businesses/employeeBands';
import { HOME_CATEGORIES } from '../../../kernel/businesses/homeCategories';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { Zone } from '../../../kernel/zones/Zone';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMapController } from '../../map/MapControllerContext';
import { BarChart } from './BarChart';
import type { CategoryAnalysis } from './businessesApi';
import { businessesActions, DEFAULT_LIST_QUERY } from './businessesSlice';
import { ErrorBox, LoadingLine } from './LoadingLine';
import { MapToggle } from './MapToggle';
import { SIZE_COLORS } from './OverviewCard';
import { SourceLine } from './SourceLine';

/** How many establishments a category card lists before 'Voir les N entreprises'. */
const FIRST_ROWS = 5;

/** The band most establishments of the category fall in (bands on record first). */
export function mostCommonBand(ranges: Record<string, number>): string {
  const known = Object.entries(ranges).filter(([band]) => band !== 'NN');
  const pool = known.length ? known : Object.entries(ranges);
  const [band] = pool.sort((a, b) => b[1] - a[1])[0] ?? ['NN'];
  return employeeBandLabel(band);
}

function CategoryPicker({ chosen, onApply }: { chosen: string[]; onApply: (keys: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<string[]>(
    chosen.length ? chosen : HOME_CATEGORIES.map((category) => category.key),
  );
  const visible = HOME_CATEGORIES.filter((category) => category.name.toLowerCase().includes(text.trim().toLowerCase()));
  return (
    <div className="biz-category-picker">
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        Catégories ({draft.length}/{HOME_CATEGORIES.length})
      </button>
      {open ? (
        <div className="biz-category-picker__dropdown">
          <input
            type="search"
            className="biz-input"
            placeholder="Rechercher une catégorie"
            aria-label="Rechercher une catégorie"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <div className="biz-actions">
            <button
              type="button"
              className="biz-link"
              onClick={() => setDraft(HOME_CATEGORIES.map((category) => category.key))}
            >
              Tout sélectionner
            </button>
            <button type="button" className="biz-link" onClick={() => setDraft([])}>
              Tout désélectionner
            </button>
          </div>
          <ul className="biz-plain-list">
            {visible.map((category) => (
              <li key={category.key}>
                <label className="biz-check">
                  <input
                    type="checkbox"
                    checked={draft.includes(category.key)}
                    onChange={() =>
                      setDraft((current) =>
                        current.includes(category.key)
                          ? current.filter((key) => key !== category.key)
                          : [...current, category.key],
                      )
                    }
                  />
                  {category.name} <span className="biz-muted">({category.naf_codes.join(', ')})</span>
                </label>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--primary"
            disabled={draft.length === 0}
            onClick={() => {
              onApply(draft.length === HOME_CATEGORIES.length ? [] : draft);
              setOpen(false);
            }}
          >
            Appliquer
          </button>
        </div>
      ) : null}
    </div>
  );
}

const UNAVAILABLE_HINT =
  'Aucune source chargée ne recense cette catégorie dans ce département : le nombre d’établissements n’est pas connu.';

function CategoryCard({ category }: { category: CategoryAnalysis }) {
  const controller = useMapController();
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const rows = all ? category.businesses : category.businesses.slice(0, FIRST_ROWS);
  return (
    <li className="biz-category" data-testid="business-category">
      <div className="biz-top__line">
        <button
          type="button"
          className="biz-link biz-top__main"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          <strong>{category.name}</strong>
          {category.available ? (
            <span className="biz-muted biz-small">
              {' '}
              · effectif le plus courant : {mostCommonBand(category.employee_ranges)}
            </span>
          ) : null}
        </button>
        {category.available ? (
          <>
            <span className="biz-top__count">{formatNumber(category.count)}</span>
            <MapToggle
              layerKey={`category:${category.category}`}
              label={category.name}
              source={() => ({ kind: 'query', query: { ...DEFAULT_LIST_QUERY, nafPrefixes: category.naf_codes } })}
            />
          </>
        ) : (
          <span className="biz-top__count biz-muted" title={UNAVAILABLE_HINT}>
            non disponible
          </span>
        )}
      </div>
      {open ? (
        !category.available ? (
          <p className="biz-muted">{UNAVAILABLE_HINT}</p>
        ) : category.businesses.length === 0 ? (
          <p className="biz-muted">Aucune donnée disponible</p>
        ) : (
          <>
            <ul className="biz-cards biz-cards--compact">
              {rows.map((business) => (
                <li key={business.siret} className="biz-card">
                  <div className="biz-card__main">
                    <strong>{business.business_name ?? 'Sans nom'}</strong>
                    <span>
                      {[business.address, business.city].filter(Boolean).join(', ') || 'Adresse non renseignée'}
                    </span>
                    <span className="biz-muted">Employés : {business.employee_range}</span>
                    <SourceLine
                      sourceLabel={business.source_label}
                      vintage={business.source_vintage}
                      demo={business.demo}
                    />
                  </div>
                  {business.latitude !== null && business.longitude !== null ? (
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={`Localiser ${business.business_name ?? 'l’établissement'} sur la carte`}
                      onClick={() =>
                        controller?.flyTo(
                          [business.longitude as number, business.latitude as number],
                          'businessFromCategory',
                        )
                      }
                    >
                      Localiser
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            {category.businesses.length > FIRST_ROWS ? (
              <button type="button" className="biz-link" onClick={() => setAll((value) => !value)}>
                {all
                  ? 'Réduire la liste'
                  : `Voir les ${formatNumber(category.businesses.length)} entreprises${category.count > category.businesses.length ? ` (sur ${formatNumber(category.count)})` : ''}`}
              </button>
            ) : null}
          </>
        )
      ) : null}
    </li>
  );
}

/** 'Commerces et services': the ten home categories of the zone, sizes and the five first sectors. */
export function SectorsTab({ zone }: { zone: Zone }) {
  const dispatch = useAppDispatch();
  const categories = useAppSelector((state) => state.businesses.categories);
  const chosen = useAppSelector((state) => state.businesses.chosenCategories);
  const statistics = useAppSelector((state) => state.businesses.statistics.data);
  useEffect(() => {
    if (categories.zoneId !== zone.id) dispatch(businessesActions.categoriesRequested({ zone }));
  }, [zone, categories.zoneId, dispatch]);
  const shown = useMemo(
    () =>
      (categories.data?.categories ?? []).filter(
        (category) => chosen.length === 0 || chosen.includes(category.category),
      ),
    [categories.data, chosen],
  );
  const sizes = useMemo(
    () => ({
      labels: SIZE_CLASSES.map((size) => SIZE_CLASS_LABELS[size]),
      values: SIZE_CLASSES.map((size) => statistics?.employee_size_breakdown[size].count ?? 0),
      colors: SIZE_CLASSES.map((size) => SIZE_COLORS[size]),
    }),
    [statistics],
  );
  const sectors = useMemo(() => {
    const top = statistics?.top_naf_categories.slice(0, 5) ?? [];
    return { labels: top.map((category) => category.label), values: top.map((category) => category.count) };
  }, [statistics]);

  if (categories.status === 'loading' || categories.status === 'idle') return <LoadingLine />;
  if (categories.status === 'error' || !categories.data) {
    return (
      <ErrorBox message={categories.error} onRetry={() => dispatch(businessesActions.categoriesRequested({ zone }))} />
    );
  }
  const total = shown.reduce((sum, category) => sum + category.count, 0);
  const active = shown.filter((category) => category.count > 0).length;
  return (
    <div className="biz-sectors" data-testid="business-sectors">
      <div className="biz-actions">
        <CategoryPicker chosen={chosen} onApply={(keys) => dispatch(businessesActions.chosenCategoriesSet(keys))} />
        <span>
          <strong>{formatNumber(total)}</strong> établissements · <strong>{active}</strong> catégorie
          {active > 1 ? 's' : ''} active
          {active > 1 ? 's' : ''}
        </span>
      </div>
      <section className="biz-box">
        <h3 className="biz-box__title biz-box__title--padded">Analyse détaillée par secteur</h3>
        {shown.length === 0 ? (
          <p className="biz-muted">Aucune donnée disponible</p>
        ) : (
          <ul className="biz-tops">
            {shown.map((category) => (
              <CategoryCard key={category.category} category={category} />
            ))}
          </ul>
        )}
      </section>
      {statistics ? (
        <>
          <section className="biz-box">
            <h3 className="biz-box__title biz-box__title--padded">Répartition par taille</h3>
            <BarChart label="Répartition des établissements par taille" {...sizes} />
          </section>
          <section className="biz-box">
            <h3 className="biz-box__title biz-box__title--padded">Répartition par secteur</h3>
            <BarChart label="Les cinq premiers secteurs de la zone" horizontal {...sectors} />
          </section>
        </>
      ) : null}
      <p className="biz-muted biz-small">Temps de calcul : {formatNumber(categories.data.search_time_ms)} ms</p>
    </div>
  );
}
