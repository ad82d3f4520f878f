import type { ZoneService } from '../../../kernel/public-services/publicServiceSchemas';
import { useMapController } from '../../map/MapControllerContext';
import { addressLine } from './mapServicesByCategory';

/** One service of the zone analysis: name, title, address, contacts, centre on map and show/hide. */
export function ServiceItem({
  service,
  visible,
  onToggle,
}: {
  service: ZoneService;
  visible: boolean;
  onToggle: () => void;
}) {
  const controller = useMapController();
  const located = service.latitude !== null && service.longitude !== null;
  return (
    <li className="ps-service" data-testid="public-service">
      <div className="ps-service__main">
        <strong className="ps-service__name">{service.name}</strong>
        {service.title ? <span className="ps-muted">{service.title}</span> : null}
        <span>{addressLine({ street: service.address, postalCode: service.postal_code, city: service.city }) || 'Adresse non renseignée'}</span>
        {service.phone ? <a href={`tel:${service.phone.replace(/\s+/g, '')}`}>{service.phone}</a> : null}
        {service.email ? <a href={`mailto:${service.email}`}>{service.email}</a> : null}
        {service.website ? (
          <a href={service.website} target="_blank" rel="noreferrer noopener">
            Site web
          </a>
        ) : null}
        {service.demo_position ? <span className="badge badge--warning">position de démonstration</span> : null}
      </div>
      <div className="ps-service__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={!located || !controller}
          aria-label={`Centrer la carte sur ${service.name}`}
          onClick={() => controller?.flyTo([service.longitude as number, service.latitude as number], 'service')}
        >
          Centrer
        </button>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={visible}
          disabled={!located}
          aria-label={`${visible ? 'Masquer' : 'Afficher'} ${service.name} sur la carte`}
          onClick={onToggle}
        >
          {visible ? 'Masquer' : 'Afficher'}
        </button>
      </div>
    </li>
  );
}
