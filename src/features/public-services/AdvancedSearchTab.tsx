import { useState } from 'react';
import { ServiceCatalogue } from './ServiceCatalogue';
import { StatisticsView } from './StatisticsView';

/** 'Recherche avancée' with its switch 'Services' / 'Statistiques'. */
export function AdvancedSearchTab() {
  const [view, setView] = useState<'services' | 'statistics'>('services');
  return (
    <div className="ps-search">
      <div className="ps-switch" role="group" aria-label="Vue de la recherche avancée">
        <button type="button" className="ps-switch__button" aria-pressed={view === 'services'} onClick={() => setView('services')}>
          Services
        </button>
        <button
          type="button"
          className="ps-switch__button"
          aria-pressed={view === 'statistics'}
          onClick={() => setView('statistics')}
        >
          Statistiques
        </button>
      </div>
      {view === 'services' ? <ServiceCatalogue /> : <StatisticsView />}
    </div>
  );
}
