import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import {
  BusinessesIcon,
  DemographicsIcon,
  ExportIcon,
  LayersIcon,
  PerimeterIcon,
  PublicServicesIcon,
  RealEstateIcon,
  SearchIcon,
  VisualizationsIcon,
} from '../../ui/icons';
import type { PanelId } from '../layout/panelIds';

/** How a panel appears in the toolbar and its frame, and its (lazily loaded) content. */
export interface PanelDefinition {
  id: PanelId;
  /** Frame title. */
  title: string;
  /** Toolbar button label (tooltip and accessible name). */
  label: string;
  icon: ReactNode;
  component: LazyExoticComponent<ComponentType>;
}

/** Every panel; a feature replaces its placeholder component here. */
export const PANELS: Record<PanelId, PanelDefinition> = {
  perimeter: {
    id: 'perimeter',
    title: 'Périmètre d’analyse',
    label: 'Périmètre d’analyse',
    icon: <PerimeterIcon />,
    component: lazy(() => import('../../features/zones/ZonesPanel')),
  },
  demographics: {
    id: 'demographics',
    title: 'Analyse démographique',
    label: 'Démographie',
    icon: <DemographicsIcon />,
    component: lazy(() => import('../../features/demographics/DemographicsPanel')),
  },
  businesses: {
    id: 'businesses',
    title: 'Analyse d’entreprises',
    label: 'Entreprises',
    icon: <BusinessesIcon />,
    component: lazy(() => import('../../features/businesses/BusinessesPanel')),
  },
  'real-estate': {
    id: 'real-estate',
    title: 'Immobilier',
    label: 'Immobilier DVF',
    icon: <RealEstateIcon />,
    component: lazy(() => import('../../features/real-estate/RealEstatePanel')),
  },
  public_services: {
    id: 'public_services',
    title: 'Services publics',
    label: 'Services publics',
    icon: <PublicServicesIcon />,
    component: lazy(() => import('../../features/public-services/PublicServicesPanel')),
  },
  visualizations: {
    id: 'visualizations',
    title: 'Visualisations',
    label: 'Visualisations',
    icon: <VisualizationsIcon />,
    component: lazy(() => import('../../features/visualizations/VisualizationsPanel')),
  },
  export: {
    id: 'export',
    title: 'Exporter les données',
    label: 'Export',
    icon: <ExportIcon />,
    component: lazy(() => import('../../features/export/ExportPanel')),
  },
  search: {
    id: 'search',
    title: 'Recherche',
    label: 'Recherche',
    icon: <SearchIcon />,
    component: lazy(() => import('../../features/zones/ZonesPanel')),
  },
  geomarketing: {
    id: 'geomarketing',
    title: 'Géomarketing',
    label: 'Géomarketing',
    icon: <LayersIcon />,
    component: lazy(() => import('../../features/market/MarketPanel')),
  },
  iris: {
    id: 'iris',
    title: 'IRIS',
    label: 'IRIS',
    icon: <LayersIcon />,
    component: lazy(() => import('../../features/visualizations/IrisLayerPanel')),
  },
  choropleth: {
    id: 'choropleth',
    title: 'Cartes choroplèthes',
    label: 'Choroplèthe',
    icon: <LayersIcon />,
    component: lazy(() => import('../../features/visualizations/VisualizationsPanel')),
  },
};
