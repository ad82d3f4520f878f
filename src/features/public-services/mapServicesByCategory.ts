import type { PublicServiceCategoryId } from '../../../kernel/public-services/publicServiceCategories';
import type { ZoneAnalysis } from '../../../kernel/public-services/publicServiceSchemas';
import type { DisplayedType, MapService } from './publicServicesSlice';

/** Address line of a service: street, postcode and commune. */
export function addressLine(parts: { street: string | null; postalCode: string | null; city: string | null }): string {
  const place = [parts.postalCode, parts.city].filter(Boolean).join(' ');
  return [parts.street, place].filter(Boolean).join(', ');
}

/**
 * The services to draw, per category: those of the zone analysis switched on, and those of the types
 * shown from the Recherche avancée (each service once).
 */
export function mapServicesByCategory(
  analysis: ZoneAnalysis | undefined,
  visibleServiceIds: Readonly<Record<string, true>>,
  displayedTypes: Readonly<Record<string, DisplayedType>>,
): Map<PublicServiceCategoryId, MapService[]> {
  const byCategory = new Map<PublicServiceCategoryId, Map<string, MapService>>();
  const add = (service: MapService) => {
    const services = byCategory.get(service.category) ?? new Map<string, MapService>();
    services.set(service.id, service);
    byCategory.set(service.category, services);
  };
  for (const category of analysis?.categories ?? []) {
    for (const service of category.services) {
      if (!visibleServiceIds[service.id] || service.latitude === null || service.longitude === null) continue;
      add({
        id: service.id,
        name: service.name,
        address: addressLine({ street: service.address, postalCode: service.postal_code, city: service.city }),
        category: category.category,
        longitude: service.longitude,
        latitude: service.latitude,
      });
    }
  }
  for (const displayed of Object.values(displayedTypes)) for (const service of displayed.services) add(service);
  return new Map([...byCategory].map(([category, services]) => [category, [...services.values()]]));
}
