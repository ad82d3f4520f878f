import { useState } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { ServiceType } from '../../../kernel/public-services/publicServiceSchemas';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { addressLine } from './mapServicesByCategory';
import { publicServicesActions } from './publicServicesSlice';

/** A service type: checkbox, name, count, '% géo', mission tooltip, map button and its first 100 services. */
export function ServiceTypeRow({
  type,
  checked,
  onCheck,
}: {
  type: ServiceType;
  checked: boolean;
  onCheck: () => void;
}) {
  const dispatch = useAppDispatch();
  const [expanded, setExpanded] = useState(false);
  const list = useAppSelector((state) => state.publicServices.typeServices[type.type_service_local]);
  const displayed = useAppSelector((state) => Boolean(state.publicServices.displayedTypes[type.type_service_local]));
  const showing = useAppSelector((state) => state.publicServices.showingTypes.includes(type.type_service_local));
  const geolocated = type.count > 0 ? (type.with_coordinates / type.count) * 100 : 0;
  const listId = `ps-type-${type.type_service_local}`;
  const expand = () => {
    if (!expanded && !list) dispatch(publicServicesActions.typeServicesRequested({ type: type.type_service_local }));
    setExpanded((value) => !value);
  };
  return (
    <li className="ps-type" data-testid="service-type">
      <div className="ps-type__line">
        <input type="checkbox" checked={checked} onChange={onCheck} aria-label={`Sélectionner ${type.name}`} />
        <button type="button" className="ps-type__name" aria-expanded={expanded} aria-controls={listId} onClick={expand}>
          {type.name}
        </button>
        <span className="ps-type__count">{formatNumber(type.count)}</span>
        <span className="ps-muted">{formatNumber(geolocated, 0)} % géo</span>
        <span className="ps-info" tabIndex={0} role="note" title={type.description} aria-label={type.description}>
          i
        </span>
        <button
          type="button"
          className="button button--ghost"
          aria-label={`Choisir les départements pour ${type.name}`}
          title="Afficher seulement certains départements"
          onClick={() => dispatch(publicServicesActions.departementSelectionOpened(type))}
        >
          Dép.
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={displayed}
          disabled={showing}
          onClick={() =>
            dispatch(
              displayed
                ? publicServicesActions.typeHidden(type.type_service_local)
                : publicServicesActions.typeDisplayRequested({ type }),
            )
          }
        >
          {showing ? 'Chargement...' : displayed ? 'Masquer' : 'Afficher'}
        </button>
      </div>
      {type.demo_positions ? <span className="ps-muted ps-type__demo">Positions de démonstration</span> : null}
      {expanded ? (
        <div id={listId} className="ps-type__services">
          {!list || list.status === 'loading' ? (
            <p className="ps-muted" role="status">
              Chargement des services...
            </p>
          ) : list.status === 'error' ? (
            <p role="alert" className="ps-error">
              {list.error}
            </p>
          ) : (list.data?.services.length ?? 0) === 0 ? (
            <p className="ps-muted">Aucun service trouvé</p>
          ) : (
            <>
              <ul className="ps-services ps-services--compact">
                {list.data?.services.map((service) => (
                  <li key={service.id}>
                    <strong>{service.nom}</strong>
                    <span className="ps-muted">
                      {' '}
                      {addressLine({ street: service.numero_voie, postalCode: service.code_postal, city: service.nom_commune })}
                    </span>
                  </li>
                ))}
              </ul>
              {(list.data?.total ?? 0) > (list.data?.services.length ?? 0) ? (
                <p className="ps-muted">
                  {formatNumber(list.data?.services.length)} premiers services sur {formatNumber(list.data?.total)}
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}
