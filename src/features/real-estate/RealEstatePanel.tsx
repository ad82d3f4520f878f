import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectActiveZone } from '../../app/selectors';
import { Tabs } from '../../ui/Tabs';
import { AdvancedSearchTab } from './AdvancedSearchTab';
import { ClusterMapTab } from './ClusterMapTab';
import './realEstate.css';
import { ZoneAnalysisTab } from './ZoneAnalysisTab';

type TabId = 'analysis' | 'search' | 'map';

const TABS = [
  { id: 'analysis', label: 'Analyse de zone' },
  { id: 'search', label: 'Recherche avancée' },
  { id: 'map', label: 'Carte interactive' },
] as const;

/** Real-estate panel 'Immobilier' (DVF), on the active zone. */
export default function RealEstatePanel() {
  const zone = useAppSelector(selectActiveZone);
  const [tab, setTab] = useState<TabId>('analysis');
  return (
    <div className="re-panel">
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Immobilier">
        {tab === 'analysis' ? <ZoneAnalysisTab zone={zone} /> : null}
        {tab === 'search' ? <AdvancedSearchTab /> : null}
        {tab === 'map' ? <ClusterMapTab /> : null}
      </Tabs>
    </div>
  );
}
