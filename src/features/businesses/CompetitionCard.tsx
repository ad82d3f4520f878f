import { formatNumber } from '../../../kernel/format/formatFrench';
import type { Zone } from '../../../kernel/zones/Zone';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { businessesActions } from './businessesSlice';
import { Collapsible } from './Collapsible';
import { ErrorBox, LoadingLine } from './LoadingLine';

const rate = (value: number | null) => (value === null ? 'non disponible' : formatNumber(value, 1));

/**
 * Indice de concurrence: establishments per 1,000 inhabitants for each of the zone's ten first NAF
 * divisions, in the zone, its département and Paris (census population of the demographics figures).
 */
export function CompetitionCard({ zone }: { zone: Zone }) {
  const dispatch = useAppDispatch();
  const competition = useAppSelector((state) => state.businesses.competition);
  const requested = competition.zoneId === zone.id && competition.status !== 'idle';
  return (
    <Collapsible title="Indice de concurrence" defaultOpen={false} testId="business-competition">
      <p className="biz-muted biz-small">
        Établissements pour 1 000 habitants, par famille d’activité (division NAF) : la zone face à son département et à
        Paris. Population : recensement INSEE (figures démographiques de chaque territoire).
      </p>
      {!requested ? (
        <button
          type="button"
          className="button"
          onClick={() => dispatch(businessesActions.competitionRequested({ zone }))}
        >
          Calculer l’indice
        </button>
      ) : competition.status === 'loading' ? (
        <LoadingLine text="Calcul en cours..." />
      ) : competition.status === 'error' || !competition.data ? (
        <ErrorBox
          message={competition.error}
          onRetry={() => dispatch(businessesActions.competitionRequested({ zone }))}
        />
      ) : (
        <table className="biz-table">
          <thead>
            <tr>
              <th scope="col">Famille NAF</th>
              <th scope="col">Zone</th>
              <th scope="col">
                Département{competition.data[0]?.departement ? ` (${competition.data[0].departement.code})` : ''}
              </th>
              <th scope="col">Paris</th>
            </tr>
          </thead>
          <tbody>
            {competition.data.map((row) => {
              const ratio =
                row.zone.per1000 !== null && row.paris.per1000 ? row.zone.per1000 / row.paris.per1000 : null;
              return (
                <tr key={row.prefix}>
                  <th scope="row">
                    <code>{row.prefix}</code> {row.label}
                  </th>
                  <td title={`${formatNumber(row.zone.count)} établissements`}>
                    {rate(row.zone.per1000)}
                    {ratio !== null ? (
                      <span
                        className={`biz-ratio ${ratio > 1.2 ? 'biz-ratio--high' : ratio < 0.8 ? 'biz-ratio--low' : ''}`}
                      >
                        {' '}
                        ×{formatNumber(ratio, 1)}
                      </span>
                    ) : null}
                  </td>
                  <td title={row.departement ? `${formatNumber(row.departement.count)} établissements` : undefined}>
                    {row.departement ? rate(row.departement.per1000) : 'non disponible'}
                  </td>
                  <td title={`${formatNumber(row.paris.count)} établissements`}>{rate(row.paris.per1000)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {requested && competition.status === 'loaded' ? (
        <p className="biz-muted biz-small">
          ×n : densité de la zone rapportée à celle de Paris (au-dessus de 1,2 : plus concurrentiel que Paris ; sous 0,8
          : moins). Établissements comptés une fois (doublons entre sources fusionnés).
        </p>
      ) : null}
    </Collapsible>
  );
}
