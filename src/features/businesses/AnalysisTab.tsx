import type { Zone } from '../../../kernel/zones/Zone';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BusinessListCard } from './BusinessListCard';
import { businessesActions } from './businessesSlice';
import { CompetitionCard } from './CompetitionCard';
import { HighlightedBusinessCard } from './HighlightedBusinessCard';
import { ErrorBox, LoadingLine } from './LoadingLine';
import { NearestCompetitorsCard } from './NearestCompetitorsCard';
import { OpeningsCard } from './OpeningsCard';
import { OverviewCard } from './OverviewCard';

/** 'Analyse': overview card, competition index, nearest competitors, openings per year, then the full list. */
export function AnalysisTab({ zone }: { zone: Zone }) {
  const dispatch = useAppDispatch();
  const statistics = useAppSelector((state) => state.businesses.statistics);
  if (statistics.status === 'loading' || statistics.status === 'idle') return <LoadingLine />;
  if (statistics.status === 'error' || !statistics.data) {
    return (
      <ErrorBox
        title="Erreur de chargement des statistiques"
        message={statistics.error}
        onRetry={() => dispatch(businessesActions.zoneAnalysisRequested({ zone }))}
      />
    );
  }
  return (
    <div className="biz-analysis" data-testid="business-analysis">
      <p className="biz-zone">
        Zone : <strong>{zone.name}</strong>
      </p>
      <HighlightedBusinessCard />
      <OverviewCard zone={zone} statistics={statistics.data} />
      <CompetitionCard zone={zone} />
      <NearestCompetitorsCard zone={zone} />
      <OpeningsCard statistics={statistics.data} />
      <BusinessListCard />
    </div>
  );
}
