import { formatEuros, formatNumber, formatShortDate } from '../../../kernel/format/formatFrench';
import type { TransactionGroup } from './groupTransactions';
import { lotAddress } from './groupTransactions';
import { natureMutationLabel, typeLocalLabel } from '../../../kernel/real-estate/realEstateTypes';

/** A letter badge per type (no emoji font needed), coloured by property category. */
const TYPE_ICONS: Record<string, [string, string]> = {
  Maison: ['M', '#2563eb'],
  Appartement: ['A', '#2563eb'],
  Construction: ['C', '#2563eb'],
  'Local industriel. commercial ou assimilé': ['L', '#2563eb'],
  Dépendance: ['D', '#ea580c'],
  'Terrain à bâtir': ['TB', '#ea580c'],
  Terrain: ['T', '#16a34a'],
};

/** One transaction group: summary line, and its lots when expanded. */
export function TransactionGroupItem({
  group,
  expanded,
  onToggle,
  onCenter,
  markerShown,
  onToggleMarker,
}: {
  group: TransactionGroup;
  expanded: boolean;
  onToggle: () => void;
  onCenter: (() => void) | undefined;
  markerShown: boolean;
  onToggleMarker: (() => void) | undefined;
}) {
  const first = group.lots[0];
  const address = first ? lotAddress(first) : null;
  const detailsId = `re-group-${group.id_mutation}`;
  return (
    <article className={`re-group${expanded ? ' re-group--expanded' : ''}`} data-testid="transaction-group">
      <button type="button" className="re-group__summary" aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
        <span
          className="re-group__icon"
          aria-hidden="true"
          style={{ background: TYPE_ICONS[group.primary_type_local]?.[1] ?? '#6b7280' }}
        >
          {TYPE_ICONS[group.primary_type_local]?.[0] ?? '?'}
        </span>
        <span className="re-group__main">
          <span className="re-group__line">
            <strong>{typeLocalLabel(group.primary_type_local)}</strong>
            <span className="badge">{natureMutationLabel(group.nature_mutation)}</span>
            {group.lots.length > 1 ? <span className="re-muted">{group.lots.length} lots</span> : null}
          </span>
          <span className="re-group__address">{address ?? 'Adresse non renseignée'}</span>
          <span className="re-group__facts">
            {group.total_surface !== null ? <span>{formatNumber(group.total_surface)} m²</span> : null}
            {group.total_rooms !== null ? <span>{group.total_rooms} pièce(s)</span> : null}
            <span>{formatShortDate(group.date_mutation)}</span>
          </span>
        </span>
        <span className="re-group__price">{formatEuros(group.valeur_fonciere_total)}</span>
      </button>
      {expanded ? (
        <div id={detailsId} className="re-group__details">
          {group.lots.length > 1 ? (
            <p className="re-note">
              Vente de {group.lots.length} lots : la valeur foncière ({formatEuros(group.valeur_fonciere_total)}) porte sur
              l’ensemble de la mutation.
            </p>
          ) : null}
          <ul className="re-lots">
            {group.lots.map((lot) => (
              <li key={lot.id}>
                <strong>{typeLocalLabel(lot.type_local)}</strong>
                {lot.lot1_numero ? ` — lot ${lot.lot1_numero}` : ''}
                {lot.surface_reelle_bati ? ` — ${formatNumber(lot.surface_reelle_bati)} m²` : ''}
                {lot.nombre_pieces_principales ? ` — ${lot.nombre_pieces_principales} pièce(s)` : ''}
                {lot.surface_terrain ? ` — ${formatNumber(lot.surface_terrain)} m² terrain` : ''}
                {lot.nature_culture ? ` — ${lot.nature_culture}` : ''}
              </li>
            ))}
          </ul>
          <dl className="re-facts">
            <dt>Nature</dt>
            <dd>{group.nature_mutation}</dd>
            <dt>Identifiant de mutation</dt>
            <dd>{group.id_mutation}</dd>
            <dt>Adresse</dt>
            <dd>{address ?? 'Adresse détaillée non enregistrée dans DVF pour cette mutation'}</dd>
          </dl>
          <div className="re-actions">
            <button type="button" className="button button--ghost" onClick={onCenter} disabled={!onCenter}>
              Centrer sur la carte
            </button>
            <button type="button" className="button button--ghost" onClick={onToggleMarker} disabled={!onToggleMarker} aria-pressed={markerShown}>
              {markerShown ? 'Masquer le marqueur' : 'Afficher le marqueur'}
            </button>
          </div>
        </div>
      ) : null}
    </article>
  );
}
