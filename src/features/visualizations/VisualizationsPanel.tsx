import { EmptyState } from '../../ui/EmptyState';

/** Placeholder until this panel's issue is built. */
export default function VisualizationsPanel() {
  return (
    <EmptyState title="Visualisations" message="Choisissez un niveau géographique, un indicateur et une palette." />
  );
}
