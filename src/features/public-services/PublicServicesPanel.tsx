import { EmptyState } from '../../ui/EmptyState';

/** Placeholder until this panel's issue is built. */
export default function PublicServicesPanel() {
  return <EmptyState title="Aucune donnée disponible" message="Sélectionnez une zone sur la carte..." />;
}
