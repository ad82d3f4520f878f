import type { Business } from '../../../kernel/businesses/businessSchemas';
import type { MapBusiness } from '../../../workers/businesses/businessMarkersWorkerApi';

/** « 75011 Paris 11e Arrondissement ». */
export const cityLine = (business: Pick<Business, 'postal_code' | 'city'>) =>
  [business.postal_code, business.city].filter(Boolean).join(' ');

/** The name shown for an establishment: its name, else its enseigne, else « Sans nom ». */
export const businessName = (business: Pick<Business, 'denomination' | 'enseigne'>) =>
  business.denomination || business.enseigne || 'Sans nom';

/** An establishment with coordinates as the markers worker draws it (null without coordinates). */
export function toMapBusiness(business: Business): MapBusiness | null {
  if (business.latitude === null || business.longitude === null) return null;
  return {
    id: business.id,
    name: businessName(business),
    address: business.address ?? '',
    city: cityLine(business),
    dateCreation: business.date_creation,
    employeeRange: business.employee_range,
    nafCode: business.naf_code,
    nafLabel: business.naf_label,
    sectionCode: business.section_code,
    sourceLabel: business.source_label,
    sourceVintage: business.source_vintage,
    demo: business.demo,
    longitude: business.longitude,
    latitude: business.latitude,
  };
}
