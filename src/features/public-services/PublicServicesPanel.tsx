import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectActiveZone } from '../../app/selectors';
import { Tabs } from '../../ui/Tabs';
import { AdvancedSearchTab } from './AdvancedSearchTab';
import './publicServices.css';
import { ZoneAnalysisTab } from './ZoneAnalysisTab';

type TabId = 'analysis' | 'search';

const TABS = [
  { id: 'analysis', label: 'Analyse' },
  { id: 'search', label: 'Recherche avancée' },
] as const;

/** The 'Services publics' panel: the active zone's services, and the catalogue with its statistics. */
export default function PublicServicesPanel() {
  const zone = useAppSelector(selectActiveZone);
  const [tab, setTab] = useState<TabId>('analysis');
  return (
    <div className="ps-panel">
      <Tabs tabs={TABS} selected={tab} onSelect={setTab} label="Services publics">
        {tab === 'analysis' ? <ZoneAnalysisTab zone={zone} /> : <AdvancedSearchTab />}
      </Tabs>
    </div>
  );
}
