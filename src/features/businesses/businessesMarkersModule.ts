import { NAF_SECTIONS } from '../../../kernel/businesses/nafSections';
import { formatNumber, formatShortDate } from '../../../kernel/format/formatFrench';
import type { LocatedBusiness } from '../../../workers/businesses/businessMarkersWorkerApi';
import {
  type ClusteredMarkersModule,
  type ClusteredMarkersOptions,
  createClusteredMarkersModule,
} from '../../map/clusteredMarkersModule';

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

type PopupBusiness = LocatedBusiness;

/** The colour of the clusters of establishments (a location takes its section's colour). */
export const BUSINESS_CLUSTER_COLOR = '#7c3aed';

function sectionBadge(code: string | null): string {
  const section = NAF_SECTIONS.find((entry) => entry.code === code);
  if (!section) return '';
  return `<span class="biz-section" style="color:${section.color};background:${section.background};border-color:${section.color}">${section.code} · ${escape(section.name)}</span>`;
}

const nameButton = (business: PopupBusiness) =>
  `<button type="button" class="biz-popup__name" data-business-id="${escape(business.id)}">${escape(business.name)}</button>`;

/**
 * Popup of a location: one establishment (name, address, postal code and city, 'Créé le', 'Employés',
 * NAF code and label, section badge, source), or the list '{n} entreprises à cette adresse'. Names are
 * buttons that open the panel on the establishment's card.
 */
export function locationPopupHtml(businessesJson: string): string {
  const businesses = JSON.parse(businessesJson) as PopupBusiness[];
  if (businesses.length === 1) {
    const [business] = businesses as [PopupBusiness];
    return `<div class="biz-popup">${nameButton(business)}
      <div>${escape(business.address || 'Adresse non renseignée')}</div>
      <div>${escape(business.city)}</div>
      <div>Créé le : ${business.dateCreation ? escape(formatShortDate(business.dateCreation)) : 'non renseigné'}</div>
      <div>Employés : ${escape(business.employeeRange)}</div>
      <div>${business.nafCode ? `<code>${escape(business.nafCode)}</code> ${escape(business.nafLabel ?? '')}` : 'Activité non renseignée'}</div>
      <div>${sectionBadge(business.sectionCode)}</div>
      <div class="biz-popup__source">${
        business.demo
          ? '<span class="biz-demo">établissement de démonstration</span>'
          : `Source : ${escape(business.sourceLabel)}${business.sourceVintage ? ` · ${escape(business.sourceVintage)}` : ''}`
      }</div></div>`;
  }
  const items = businesses
    .map(
      (business) =>
        `<li>${nameButton(business)}${business.demo ? ' <span class="biz-demo">démonstration</span>' : ''}<br>${
          business.nafCode ? `<code>${escape(business.nafCode)}</code> ` : ''
        }${escape(business.nafLabel ?? '')}</li>`,
    )
    .join('');
  const first = businesses[0];
  return `<div class="biz-popup"><strong>${formatNumber(businesses.length)} entreprises à cette adresse</strong>
    <div>${escape([first?.address, first?.city].filter(Boolean).join(', '))}</div><ul>${items}</ul></div>`;
}

/**
 * The businesses markers (the shared clustered markers): locations and clusters computed in the worker
 * for the view, a location in its section's colour with a count badge when several establishments share
 * it, clusters in violet; a cluster click zooms in, a location click opens its popup; a name in a popup
 * calls `onLocate`.
 */
export function createBusinessesMarkersModule(
  markersFor: ClusteredMarkersOptions['markersFor'],
  onLocate: (business: PopupBusiness) => void,
): ClusteredMarkersModule {
  return createClusteredMarkersModule({
    id: 'businesses',
    clusterRadius: ['step', ['get', 'count'], 16, 10, 20, 100, 25, 1000, 30],
    datasetKey: 'businessMarkers',
    markersFor,
    popup: (businessesJson) => {
      const businesses = JSON.parse(businessesJson) as PopupBusiness[];
      return {
        html: locationPopupHtml(businessesJson),
        maxWidth: '340px',
        className: 'biz-popup-frame',
        onClick: (target) => {
          const id = target.closest<HTMLElement>('[data-business-id]')?.dataset.businessId;
          const business = businesses.find((item) => item.id === id);
          if (business) onLocate(business);
        },
      };
    },
  });
}
