import { EmptyState } from '../../ui/EmptyState';

/** Placeholder until this panel's issue is built. */
export default function PerimeterPanel() {
  return <EmptyState title="Aucune zone créée" message="Créez une zone pour commencer votre analyse" />;
}
