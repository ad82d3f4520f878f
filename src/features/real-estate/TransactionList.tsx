import type { FeatureCollection, Point } from 'geojson';
import { useEffect, useMemo, useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { formatNumber } from '../../../kernel/format/formatFrench';
import {
  filterGroups,
  GROUP_SORT_LABELS,
  type GroupFilters,
  type GroupSort,
  hasGroupFilters,
} from './filterGroups';
import { groupTransactions, type TransactionGroup } from './groupTransactions';
import { typeLocalLabel, type RealEstateLot } from '../../../kernel/real-estate/realEstateTypes';
import type { Zone } from '../../../kernel/zones/Zone';
import { useMapController } from '../../map/MapControllerContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { initialRealEstateState, realEstateActions } from './realEstateSlice';
import { TransactionGroupItem } from './TransactionGroupItem';
import { EMPTY_COLLECTION, TRANSACTION_MARKERS_SOURCE, transactionMarkersModule } from './transactionMarkersModule';

const FILTER_TYPES = ['Appartement', 'Maison', 'Local industriel. commercial ou assimilé', 'Dépendance', 'Construction', 'Terrain'];

const numberInput = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The transaction list of the analysis tab: overview of recent sales, or every sale via DuckDB-WASM. */
export function TransactionList({ zone, sampleLots, total }: { zone: Zone; sampleLots: RealEstateLot[]; total: number }) {
  const controller = useMapController();
  const [filters, setFilters] = useState<GroupFilters>({});
  const [sort, setSort] = useState<GroupSort>('date-desc');
  const [panel, setPanel] = useState<'filter' | 'sort' | null>(null);
  const [mode, setMode] = useState<'overview' | 'full'>('overview');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [markers, setMarkers] = useState<TransactionGroup[]>([]);
  const dispatch = useAppDispatch();
  const fullList = useAppSelector((state) => state.realEstate.fullList);
  const full = fullList.zoneId === zone.id ? fullList : initialRealEstateState.fullList;

  const sampleGroups = useMemo(() => groupTransactions(sampleLots), [sampleLots]);
  const overview = useMemo(() => filterGroups(sampleGroups, filters, sort), [sampleGroups, filters, sort]);

  // Full list: the zone's lots loaded once into DuckDB-WASM; filters and sort run there.
  useEffect(() => {
    if (mode === 'full') dispatch(realEstateActions.fullListRequested({ zone, filters, sort }));
  }, [dispatch, mode, zone, filters, sort]);

  useEffect(() => {
    if (!controller) return undefined;
    controller.addModule(transactionMarkersModule);
    return () => controller.removeModule(transactionMarkersModule.id);
  }, [controller]);
  useEffect(() => {
    if (!controller) return;
    const data: FeatureCollection<Point> = {
      type: 'FeatureCollection',
      features: markers.flatMap((group) =>
        group.location
          ? [{ type: 'Feature', properties: { id: group.id_mutation }, geometry: { type: 'Point', coordinates: [group.location.lon, group.location.lat] } }]
          : [],
      ),
    };
    controller.setGeoJson(TRANSACTION_MARKERS_SOURCE, markers.length ? data : EMPTY_COLLECTION);
  }, [controller, markers]);

  const groups = mode === 'full' && full.status === 'ready' ? full.groups : overview;
  const filtered = hasGroupFilters(filters);
  const renderGroup = (group: TransactionGroup) => (
    <TransactionGroupItem
      key={group.id_mutation}
      group={group}
      expanded={expanded === group.id_mutation}
      onToggle={() => setExpanded(expanded === group.id_mutation ? null : group.id_mutation)}
      onCenter={
        controller && group.location
          ? () => controller.flyTo([group.location?.lon ?? 0, group.location?.lat ?? 0], 'transaction')
          : undefined
      }
      markerShown={markers.some((marker) => marker.id_mutation === group.id_mutation)}
      onToggleMarker={
        group.location
          ? () =>
              setMarkers((current) =>
                current.some((marker) => marker.id_mutation === group.id_mutation)
                  ? current.filter((marker) => marker.id_mutation !== group.id_mutation)
                  : [...current, group],
              )
          : undefined
      }
    />
  );

  return (
    <section className="re-section" aria-label="Transactions">
      <div className="re-list-header">
        <h3 className="re-section__title">{mode === 'full' ? 'Toutes les transactions' : 'Transactions récentes'}</h3>
        <div className="re-actions">
          <button type="button" className="button button--ghost" aria-expanded={panel === 'filter'} onClick={() => setPanel(panel === 'filter' ? null : 'filter')}>
            Filtrer
          </button>
          <button type="button" className="button button--ghost" aria-expanded={panel === 'sort'} onClick={() => setPanel(panel === 'sort' ? null : 'sort')}>
            Trier
          </button>
        </div>
      </div>
      {panel === 'filter' ? (
        <fieldset className="re-filter-panel">
          <legend>Filtrer les transactions</legend>
          <div className="re-checks">
            {FILTER_TYPES.map((type) => (
              <label key={type}>
                <input
                  type="checkbox"
                  checked={filters.types?.includes(type) ?? false}
                  onChange={(event) =>
                    setFilters({
                      ...filters,
                      types: event.target.checked
                        ? [...(filters.types ?? []), type]
                        : (filters.types ?? []).filter((value) => value !== type),
                    })
                  }
                />{' '}
                {typeLocalLabel(type)}
              </label>
            ))}
          </div>
          <div className="re-ranges">
            {(
              [
                ['priceMin', 'Prix min (€)'],
                ['priceMax', 'Prix max (€)'],
                ['surfaceMin', 'Surface min (m²)'],
                ['surfaceMax', 'Surface max (m²)'],
                ['roomsMin', 'Pièces min'],
                ['roomsMax', 'Pièces max'],
              ] as const
            ).map(([key, label]) => (
              <label key={key}>
                {label}
                <input
                  type="number"
                  min={key.startsWith('rooms') ? 1 : 0}
                  value={filters[key] ?? ''}
                  onChange={(event) => setFilters({ ...filters, [key]: numberInput(event.target.value) })}
                />
              </label>
            ))}
          </div>
          <button type="button" className="link-button" onClick={() => setFilters({})}>
            Réinitialiser les filtres
          </button>
        </fieldset>
      ) : null}
      {panel === 'sort' ? (
        <label className="re-sort">
          Trier par{' '}
          <select value={sort} onChange={(event) => setSort(event.target.value as GroupSort)}>
            {Object.entries(GROUP_SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="re-counter" data-testid="transaction-counter">
        {mode === 'full' && full.status === 'ready'
          ? `${formatNumber(groups.length)} sur ${formatNumber(total)}`
          : `${formatNumber(groups.length)} sur ${formatNumber(total)}`}
        {mode === 'full' && full.status === 'ready' ? (
          <span className="re-muted"> · {full.engine === 'duckdb' ? 'filtrage local DuckDB' : 'filtrage local'}</span>
        ) : null}
      </p>
      {mode === 'full' && full.status === 'loading' ? <p className="re-muted">Chargement des transactions…</p> : null}
      {mode === 'full' && full.status === 'error' ? (
        <div className="re-error" role="alert">
          <strong>Erreur de chargement</strong> {full.error}
        </div>
      ) : null}
      {groups.length === 0 && !(mode === 'full' && full.status !== 'ready') ? (
        filtered ? (
          <p className="re-empty">
            Aucune transaction ne correspond aux filtres.{' '}
            <button type="button" className="link-button" onClick={() => setFilters({})}>
              Réinitialiser les filtres
            </button>
          </p>
        ) : (
          <p className="re-empty">Aucune transaction trouvée</p>
        )
      ) : mode === 'full' ? (
        <Virtuoso
          className="re-virtual-list"
          style={{ height: 420 }}
          data={groups}
          initialItemCount={Math.min(12, groups.length)}
          computeItemKey={(_, group) => group.id_mutation}
          itemContent={(_, group) => renderGroup(group)}
        />
      ) : (
        <div className="re-groups">{groups.slice(0, 30).map(renderGroup)}</div>
      )}
      <button
        type="button"
        className="button button--block"
        onClick={() => {
          setExpanded(null);
          setMode(mode === 'full' ? 'overview' : 'full');
        }}
      >
        {mode === 'full' ? 'Retour à l’aperçu' : 'Voir toutes les transactions'}
      </button>
    </section>
  );
}
