import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { layoutActions } from '../../app/shellActions';
import { selectActiveZone, selectSelectedZones } from '../../app/selectors';
import { upgradeRequired } from '../../../kernel/subscription/tiers';
import type { Zone } from '../../../kernel/zones/Zone';
import { EmptyState } from '../../ui/EmptyState';
import { Tabs } from '../../ui/Tabs';
import { selectAccessLevel } from '../subscription/subscriptionSlice';
import { ComparisonTable } from './ComparisonTable';
import { DemographicsTabContent } from './DemographicsTabContent';
import { demographicsActions, demographicsKey, type ZoneDemographics } from './demographicsSlice';
import { DEMOGRAPHICS_TABS, REQUIRED_LEVEL, type DemographicsTabId } from './demographicsTabs';
import { PaywallOverlay } from './PaywallOverlay';
import './demographics.css';

const QUALITY_LABELS = { complete: 'Couverture complète', partial: 'Couverture partielle', low: 'Couverture faible' };

function ZoneFigures({
  zone,
  entry,
  tab,
  onRetry,
}: {
  zone: Zone;
  entry: ZoneDemographics | undefined;
  tab: Exclude<DemographicsTabId, 'comparisons'>;
  onRetry: () => void;
}) {
  if (entry?.status === 'error') {
    return (
      <EmptyState title="Erreur de chargement" message={entry.error ?? 'Une erreur est survenue'} tone="warning">
        <button type="button" className="button" onClick={onRetry}>
          Réessayer
        </button>
      </EmptyState>
    );
  }
  if (!entry?.data) {
    return (
      <div className="demographics-loading" role="status">
        <span className="spinner" aria-hidden="true" />
        {`Chargement des données démographiques de ${zone.name}…`}
      </div>
    );
  }
  return <DemographicsTabContent tab={tab} data={entry.data} />;
}

/**
 * Demographics panel: figures of the active zone (or the first selected one), nine tabs, the
 * selected zones side by side in comparison mode, tier paywalls.
 */
export default function DemographicsPanel() {
  const dispatch = useAppDispatch();
  const activeZone = useAppSelector(selectActiveZone);
  const selectedZones = useAppSelector(selectSelectedZones);
  const comparisonMode = useAppSelector((state) => state.layout.comparisonMode);
  const byZone = useAppSelector((state) => state.demographics.byZone);
  const level = useAppSelector(selectAccessLevel);
  const [tab, setTab] = useState<DemographicsTabId>('overview');

  const comparing = comparisonMode && selectedZones.length > 1;
  const zones = useMemo(
    () => (comparing ? selectedZones : activeZone ? [activeZone] : []),
    [comparing, selectedZones, activeZone],
  );
  const requestKey = zones.map(demographicsKey).join('|');
  // The request depends on the zones' identity and geometry only (their key), not on every store change.
  const requestDemographics = useEffectEvent(() => {
    if (zones.length > 0) dispatch(demographicsActions.demographicsRequested({ zones }));
  });
  useEffect(() => {
    requestDemographics();
  }, [requestKey]);

  if (!activeZone) {
    return (
      <EmptyState
        title="Sélectionnez une zone"
        message="Sélectionnez au moins une zone dans le panneau Périmètre d’analyse pour afficher les données démographiques."
        tone="warning"
      />
    );
  }

  const retry = () => dispatch(demographicsActions.demographicsRequested({ zones, force: true }));
  const primary = byZone[activeZone.id]?.data;
  const required = REQUIRED_LEVEL[tab];
  const locked = upgradeRequired(level, required);

  const content =
    tab === 'comparisons' ? (
      comparing ? (
        <ComparisonTable zones={zones.map((zone) => ({ zone, data: byZone[zone.id]?.data ?? null }))} />
      ) : (
        <EmptyState
          title="Comparaison"
          message="Sélectionnez au moins deux zones et activez le mode comparaison pour les comparer côte à côte."
        />
      )
    ) : comparing ? (
      <div
        className="demographics-compare"
        style={{ gridTemplateColumns: `repeat(${zones.length}, minmax(260px, 1fr))` }}
      >
        {zones.map((zone) => (
          <div className="demographics-compare__column" key={zone.id}>
            <h3 className="demographics-compare__title">
              <span className="comparison-table__swatch" style={{ background: zone.color }} aria-hidden="true" />
              {zone.name}
            </h3>
            <ZoneFigures zone={zone} entry={byZone[zone.id]} tab={tab} onRetry={retry} />
          </div>
        ))}
      </div>
    ) : (
      <ZoneFigures zone={activeZone} entry={byZone[activeZone.id]} tab={tab} onRetry={retry} />
    );

  return (
    <div className="demographics-panel">
      {comparing ? (
        <div className="demographics-banner" role="status">{`Mode comparaison activé - ${zones.length} zones`}</div>
      ) : null}
      <header className="demographics-panel__header">
        <div>
          <p className="demographics-panel__zone">{comparing ? 'Zones sélectionnées' : activeZone.name}</p>
          {!comparing && primary ? (
            <p className="demographics-panel__meta">
              {`${primary.analysis_metadata.iris_zones_count} IRIS · ${QUALITY_LABELS[primary.analysis_metadata.coverage_quality]} · confiance ${primary.analysis_metadata.average_confidence_score.toLocaleString('fr-FR')} %`}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={comparisonMode}
          disabled={selectedZones.length < 2 && !comparisonMode}
          title={selectedZones.length < 2 ? 'Sélectionnez au moins deux zones' : undefined}
          onClick={() => dispatch(layoutActions.comparisonModeToggled())}
        >
          Mode comparaison
        </button>
      </header>
      <Tabs tabs={DEMOGRAPHICS_TABS} selected={tab} onSelect={setTab} label="Thèmes démographiques">
        {locked ? (
          <PaywallOverlay level={level} required={required}>
            {content}
          </PaywallOverlay>
        ) : (
          content
        )}
      </Tabs>
    </div>
  );
}
