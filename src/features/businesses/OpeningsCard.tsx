import { useState } from 'react';
import type { ZoneBusinessStatistics } from '../../../kernel/businesses/businessSchemas';
import { formatNumber } from '../../../kernel/format/formatFrench';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BarChart } from './BarChart';
import { businessesActions } from './businessesSlice';
import { Collapsible } from './Collapsible';
import { ErrorBox, LoadingLine } from './LoadingLine';

/**
 * Dynamique des concurrents: openings per year in the zone for the chosen sectors, from the creation
 * dates (Sirene only); where no source gives them, says so.
 */
export function OpeningsCard({ statistics }: { statistics: ZoneBusinessStatistics }) {
  const dispatch = useAppDispatch();
  const openings = useAppSelector((state) => state.businesses.openings);
  const engineReady = useAppSelector((state) => state.businesses.engine.status === 'loaded');
  const [prefix, setPrefix] = useState('');
  const run = (value: string) => {
    setPrefix(value);
    dispatch(businessesActions.openingsRequested({ prefixes: value ? [value] : [] }));
  };
  const data = openings.data ?? [];
  const hasSirene = statistics.sources.some((source) => source.source === 'sirene' && source.count > 0);
  return (
    <Collapsible title="Ouvertures par année" defaultOpen={false} testId="business-openings">
      <div className="biz-actions">
        <label className="biz-field">
          Secteur
          <select
            className="biz-input"
            value={prefix}
            disabled={!engineReady}
            onChange={(event) => run(event.target.value)}
          >
            <option value="">Tous les secteurs</option>
            {statistics.top_naf_categories.map((category) => (
              <option key={category.division_code} value={category.division_code}>
                {category.division_code} · {category.label}
              </option>
            ))}
          </select>
        </label>
        {openings.status === 'idle' ? (
          <button type="button" className="button" disabled={!engineReady} onClick={() => run(prefix)}>
            Afficher
          </button>
        ) : null}
      </div>
      {openings.status === 'loading' ? <LoadingLine text="Calcul en cours..." /> : null}
      {openings.status === 'error' ? <ErrorBox message={openings.error} /> : null}
      {openings.status === 'loaded' ? (
        data.length === 0 ? (
          <p className="biz-empty" data-testid="openings-unavailable">
            Dates de création non disponibles pour ces établissements : seul le répertoire Sirene les donne
            {hasSirene
              ? ''
              : ', et il ne couvre pas cette zone (OpenStreetMap, APUR et Ville de Paris n’en publient pas)'}
            .
          </p>
        ) : (
          <>
            <BarChart
              label="Établissements ouverts par année"
              labels={data.map((row) => String(row.year))}
              values={data.map((row) => row.count)}
            />
            <p className="biz-muted biz-small">
              {formatNumber(data.reduce((sum, row) => sum + row.count, 0))} établissements actifs avec une date de
              création (Sirene). Les établissements fermés depuis ne sont pas comptés.
            </p>
          </>
        )
      ) : null}
    </Collapsible>
  );
}
