import { useState } from 'react';
import { SIZE_CLASS_LABELS, SIZE_CLASSES } from '../../../kernel/businesses/employeeBands';
import type { ZoneBusinessStatistics } from '../../../kernel/businesses/businessSchemas';
import { formatNumber, formatPercent } from '../../../kernel/format/formatFrench';
import type { Zone } from '../../../kernel/zones/Zone';
import { Collapsible } from './Collapsible';
import { DEFAULT_LIST_QUERY } from './businessesSlice';
import { MapToggle } from './MapToggle';
import { SubcategoryRow } from './SubcategoryRow';
import { SectionBadge } from './SectionBadge';

/** Size class colours (TPE … Inconnu). */
export const SIZE_COLORS: Record<(typeof SIZE_CLASSES)[number], string> = {
  tpe: '#2563eb',
  pme: '#16a34a',
  eti: '#d97706',
  ge: '#dc2626',
  inconnu: '#94a3b8',
};

type TopCategory = ZoneBusinessStatistics['top_naf_categories'][number];

function TopSectorRow({ zone, category }: { zone: Zone; category: TopCategory }) {
  const [info, setInfo] = useState(false);
  const [details, setDetails] = useState(false);
  return (
    <li className="biz-top" data-testid="top-sector">
      <div className="biz-top__line">
        <span className="biz-top__rank">{category.rank}</span>
        <div className="biz-top__main">
          <span className="biz-top__label">{category.label}</span>
          <div className="biz-bar" aria-hidden="true">
            <span style={{ width: `${Math.min(100, category.percentage)}%` }} />
          </div>
        </div>
        <span className="biz-top__count">
          {formatNumber(category.count)} <span className="biz-muted">({formatPercent(category.percentage)})</span>
        </span>
        <button
          type="button"
          className="biz-info"
          aria-expanded={info}
          aria-label={`Informations sur ${category.label}`}
          onClick={() => setInfo((value) => !value)}
        >
          i
        </button>
        <MapToggle
          layerKey={`division:${category.division_code}`}
          label={category.label}
          source={() => ({ kind: 'query', query: { ...DEFAULT_LIST_QUERY, nafPrefix: category.division_code } })}
        />
      </div>
      {info ? (
        <p className="biz-note" role="note">
          Section {category.section_code ?? '—'} : {category.section_label ?? 'non renseignée'} · Division{' '}
          {category.division_code} : {category.division_label} · Code NAF {category.naf_code}{' '}
          <SectionBadge code={category.section_code} />
        </p>
      ) : null}
      {category.subcategories.length ? (
        <button
          type="button"
          className="biz-link"
          aria-expanded={details}
          onClick={() => setDetails((value) => !value)}
        >
          Détails ({category.subcategories.length} sous-catégorie{category.subcategories.length > 1 ? 's' : ''})
        </button>
      ) : null}
      {details ? (
        <ul className="biz-subcategories">
          {category.subcategories.map((subcategory) => (
            <SubcategoryRow key={subcategory.naf_code} zone={zone} subcategory={subcategory} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** 'Vue d'ensemble': total, density, surface, sizes, the ten first sectors, sources and computation time. */
export function OverviewCard({ zone, statistics }: { zone: Zone; statistics: ZoneBusinessStatistics }) {
  return (
    <Collapsible title="Vue d’ensemble" defaultOpen testId="business-overview">
      <dl className="biz-figures">
        <div className="biz-figure">
          <dt>Entreprises</dt>
          <dd data-testid="business-total">{formatNumber(statistics.total_businesses)}</dd>
        </div>
        {statistics.business_density !== null ? (
          <div className="biz-figure">
            <dt>Densité</dt>
            <dd>{formatNumber(statistics.business_density, 1)} / km²</dd>
          </div>
        ) : null}
        {statistics.zone_area_km2 !== null ? (
          <div className="biz-figure">
            <dt>Surface</dt>
            <dd>{formatNumber(statistics.zone_area_km2, 2)} km²</dd>
          </div>
        ) : null}
      </dl>
      <h4 className="biz-subtitle">Répartition par taille</h4>
      <ul className="biz-sizes">
        {SIZE_CLASSES.map((size) => {
          const entry = statistics.employee_size_breakdown[size];
          return (
            <li key={size} className="biz-size">
              <span className="biz-size__label">{SIZE_CLASS_LABELS[size]}</span>
              <div className="biz-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, entry.percentage)}%`, background: SIZE_COLORS[size] }} />
              </div>
              <span className="biz-size__count">
                {formatNumber(entry.count)} <span className="biz-muted">({formatPercent(entry.percentage)})</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p className="biz-muted biz-small">
        TPE : moins de 10 salariés · PME : 10 à 249 · ETI : 250 à 4 999 · GE : 5 000 et plus · Inconnu : effectif non
        renseigné (sources sans effectifs : OpenStreetMap, APUR, Ville de Paris).
      </p>
      <h4 className="biz-subtitle">Top 10 secteurs d’activité</h4>
      {statistics.top_naf_categories.length === 0 ? (
        <p className="biz-muted">Aucune donnée disponible</p>
      ) : (
        <ol className="biz-tops">
          {statistics.top_naf_categories.map((category) => (
            <TopSectorRow key={category.naf_code} zone={zone} category={category} />
          ))}
        </ol>
      )}
      <h4 className="biz-subtitle">Sources</h4>
      <ul className="biz-sources">
        {statistics.sources.map((source) => (
          <li key={`${source.source}-${source.vintage}`}>
            {source.demo ? (
              <span className="biz-demo">{source.label} : établissements de démonstration</span>
            ) : (
              <>
                {source.label}
                {source.vintage ? ` · ${source.vintage}` : ''}
              </>
            )}{' '}
            — {formatNumber(source.count)}
          </li>
        ))}
      </ul>
      {statistics.demo_count > 0 ? (
        <p className="biz-muted biz-small">
          {formatNumber(statistics.demo_count)} établissement{statistics.demo_count > 1 ? 's' : ''} de démonstration
          (placés à partir des comptages BPE là où aucune source réelle ne couvre l’activité).
        </p>
      ) : null}
      <p className="biz-muted biz-small">Temps de calcul : {formatNumber(statistics.search_time_ms)} ms</p>
    </Collapsible>
  );
}
