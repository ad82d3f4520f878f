import { formatNumber } from '../../../kernel/format/formatFrench';
import type { SiteService } from '../../../workers/public-services/serviceClustersWorkerApi';
import {
  type ClusteredMarkersModule,
  type ClusteredMarkersOptions,
  createClusteredMarkersModule,
} from '../../map/clusteredMarkersModule';

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Popup of a site: the service's name and address, or the list of the services sharing the place. */
export function sitePopupHtml(servicesJson: string): string {
  const services = JSON.parse(servicesJson) as SiteService[];
  if (services.length === 1) {
    const [service] = services as [SiteService];
    return `<div class="ps-popup"><strong>${escape(service.name)}</strong><br>${escape(service.address || 'Adresse non renseignée')}</div>`;
  }
  const items = services
    .map((service) => `<li><strong>${escape(service.name)}</strong><br>${escape(service.address)}</li>`)
    .join('');
  return `<div class="ps-popup"><strong>${formatNumber(services.length)} services à cet endroit</strong><ul>${items}</ul></div>`;
}

/**
 * The public-service markers (the shared clustered markers): per-category clusters computed in the
 * worker, circles of the category's colour with their count (radius 20, 25 from 10 services, 30 from
 * 50); a click on a cluster zooms in, on a site opens its popup. No DOM element per point.
 */
export function createPublicServicesMarkersModule(
  markersFor: ClusteredMarkersOptions['markersFor'],
): ClusteredMarkersModule {
  return createClusteredMarkersModule({
    id: 'public-services',
    clusterRadius: ['step', ['get', 'count'], 20, 10, 25, 50, 30],
    datasetKey: 'publicServiceMarkers',
    markersFor,
    popup: (servicesJson) => ({ html: sitePopupHtml(servicesJson), maxWidth: '320px' }),
  });
}
