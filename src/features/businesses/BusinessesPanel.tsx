import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectActiveZone } from '../../app/selectors';
import { EmptyState } from '../../ui/EmptyState';
import { Tabs } from '../../ui/Tabs';
import { AnalysisTab } from './AnalysisTab';
import './businesses.css';
import { businessesActions } from './businessesSlice';
import { CustomSearchCard } from './CustomSearchCard';
import { SectorsTab } from './SectorsTab';

type TabId = 'analysis' | 'search' | 'sectors';

const TABS = [
  { id: 'analysis', label: 'Analyse' },
  { id: 'search', label: 'Recherche avancée' },
  { id: 'sectors', label: 'Commerces et services' },
] as const;

/** 'Analyse d’entreprises': the first selected zone's establishments, searches and sectors. */
export default function BusinessesPanel() {
  const dispatch = useAppDispatch();
  const zone = useAppSelector(selectActiveZone);
  const analysedZoneId = useAppSelector((state) => state.businesses.statistics.zoneId);
  const [tab, setTab] = useState<TabId>('analysis');

  useEffect(() => {
    if (zone && analysedZoneId !== zone.id) dispatch(businessesActions.zoneAnalysisRequested({ zone }));
  }, [zone, analysedZoneId, dispatch]);

  const required = <EmptyState title="Zone de recherche requise" message="Commencez votre analyse" />;
  return (
    <div className="biz-panel">
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Analyse d’entreprises">
        {tab === 'analysis' ? (
          zone ? (
            <AnalysisTab zone={zone} />
          ) : (
            required
          )
        ) : tab === 'search' ? (
          <CustomSearchCard zone={zone} />
        ) : zone ? (
          <SectorsTab zone={zone} />
        ) : (
          required
        )}
      </Tabs>
    </div>
  );
}
