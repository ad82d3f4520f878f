import { EmptyState } from '../../ui/EmptyState';

/** Placeholder until this panel's issue is built. */
export default function ExportPanel() {
  return <EmptyState title="Exporter les données" message="Sélectionnez au moins une zone pour exporter des données" />;
}
