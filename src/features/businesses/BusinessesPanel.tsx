import { EmptyState } from '../../ui/EmptyState';

/** Placeholder until this panel's issue is built. */
export default function BusinessesPanel() {
  return <EmptyState title="Zone de recherche requise" message="Commencez votre analyse" />;
}
