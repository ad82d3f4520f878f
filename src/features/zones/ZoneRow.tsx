import { useState } from 'react';
import type { Zone } from '../../../kernel/zones/Zone';
import { zoneDefinitionOf } from '../../../kernel/zones/zoneModel';
import { transportModeLabel } from './zoneCreation';
import { formatNumber, formatSquareKilometres } from '../../../kernel/format/formatFrench';
import { Modal } from '../../ui/Modal';
import { CentreIcon, EyeIcon, EyeOffIcon, TrashIcon, TransportModeIcon } from './zonesIcons';
import { transitPropertiesSchema } from '../../../kernel/isochrones/isochroneSchemas';
import { transitSummary } from './transitNoteText';
import { legalPopulationLabel, outlineLabel } from '../../../kernel/zones/outlineLabel';

const LEVEL_LABELS = { region: 'Région', department: 'Département', commune: 'Commune', iris: 'IRIS' } as const;

/** What the row shows under the name: mode and duration/distance, the level, or the drawn area. */
export function zoneSummary(zone: Zone): string {
  const definition = zoneDefinitionOf(zone);
  switch (definition.kind) {
    case 'territory':
      return `Zone administrative · ${LEVEL_LABELS[definition.level]}`;
    case 'drawn': {
      const area = zone.properties.area_km2;
      return `Polygone dessiné · ${typeof area === 'number' ? formatSquareKilometres(area) : ''}`;
    }
    case 'isochrone': {
      const { label } = transportModeLabel(definition.transportMode);
      const amount =
        definition.zoneType === 'distance'
          ? `${formatNumber(definition.zoneDistance / 1000, definition.zoneDistance % 1000 === 0 ? 0 : 1)} km`
          : `${formatNumber(definition.travelTime)} min`;
      return `${label} · ${amount}`;
    }
  }
}

/** Zone row: selection checkbox, name, mode and amount; centre, show/hide and delete actions. */
export function ZoneRow({
  zone,
  selected,
  active,
  hidden,
  onToggleSelection,
  onCentre,
  onToggleVisibility,
  onDelete,
}: {
  zone: Zone;
  selected: boolean;
  active: boolean;
  hidden: boolean;
  onToggleSelection: () => void;
  onCentre: () => void;
  onToggleVisibility: () => void;
  onDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const checkboxId = `zone-select-${zone.id}`;
  const definition = zoneDefinitionOf(zone);
  const transit = transitPropertiesSchema.safeParse(zone.properties.transit);
  return (
    <li
      className={`zone-row${selected ? ' zone-row--selected' : ''}${active ? ' zone-row--active' : ''}`}
      data-zone-id={zone.id}
    >
      <span className="zone-row__swatch" style={{ background: zone.color }} aria-hidden="true" />
      <input
        id={checkboxId}
        type="checkbox"
        checked={selected}
        onChange={onToggleSelection}
        className="zone-row__checkbox"
      />
      <label htmlFor={checkboxId} className="zone-row__text">
        <span className="zone-row__name" title={zone.name}>
          {zone.name}
        </span>
        <span className="zone-row__summary">
          {definition.kind === 'isochrone' ? <TransportModeIcon mode={definition.transportMode} size={14} /> : null}
          {zoneSummary(zone)}
        </span>
        {transit.success ? (
          <span className="zone-row__address" title={transit.data.note}>
            {transitSummary(transit.data)}
          </span>
        ) : null}
        {definition.kind === 'territory' && outlineLabel(zone.properties) ? (
          <span className="zone-row__address" data-testid="zone-outline">
            {[outlineLabel(zone.properties), legalPopulationLabel(zone.properties)].filter(Boolean).join(' · ')}
          </span>
        ) : null}
        {definition.kind === 'isochrone' && definition.address ? (
          <span className="zone-row__address">{definition.address}</span>
        ) : null}
      </label>
      <span className="zone-row__actions">
        <button
          type="button"
          className="icon-button"
          onClick={onCentre}
          aria-label={`Centrer la carte sur ${zone.name}`}
          title="Centrer la carte sur la zone"
        >
          <CentreIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          onClick={onToggleVisibility}
          aria-pressed={!hidden}
          aria-label={`${hidden ? 'Afficher' : 'Masquer'} les calques de ${zone.name}`}
          title={hidden ? 'Afficher la zone' : 'Masquer la zone'}
        >
          {hidden ? <EyeOffIcon /> : <EyeIcon />}
        </button>
        <button
          type="button"
          className="icon-button zone-row__delete"
          onClick={() => setConfirming(true)}
          aria-label={`Supprimer ${zone.name}`}
          title="Supprimer la zone"
        >
          <TrashIcon />
        </button>
      </span>
      {confirming ? (
        <Modal
          title="Supprimer cette zone ?"
          role="alertdialog"
          size="small"
          onClose={() => setConfirming(false)}
          description={zone.name}
        >
          <div className="modal__actions">
            <button type="button" className="button" data-autofocus onClick={() => setConfirming(false)}>
              Annuler
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                setConfirming(false);
                onDelete();
              }}
            >
              Supprimer
            </button>
          </div>
        </Modal>
      ) : null}
    </li>
  );
}
