import { EmptyState } from '../../ui/EmptyState';

/** Placeholder until this panel's issue is built. */
export default function DemographicsPanel() {
  return (
    <EmptyState
      title="Sélectionnez une zone"
      message="Sélectionnez au moins une zone dans le panneau Périmètre d’analyse pour afficher les données démographiques."
    />
  );
}
