import { EmptyState } from '../../ui/EmptyState';

/** Placeholder until this panel's issue is built. */
export default function RealEstatePanel() {
  return (
    <EmptyState
      title="Zone de recherche requise"
      message="Sélectionnez une zone pour analyser les transactions immobilières (DVF)."
    />
  );
}
