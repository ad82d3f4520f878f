import type { SourceNote } from '../../../kernel/public-services/publicServiceSchemas';

/** The source and vintage of the figures, with the demo-position warning where it applies. */
export function SourcesNote({ sources }: { sources: readonly SourceNote[] }) {
  if (sources.length === 0) return null;
  return (
    <ul className="ps-sources ps-muted" aria-label="Sources">
      {sources.map((source) => (
        <li key={source.source}>
          Source : {source.label}, millésime {source.vintage}
          {source.demo_positions
            ? ' — positions de démonstration : les équipements, comptés par IRIS, sont placés à des adresses de leur IRIS.'
            : '.'}
        </li>
      ))}
    </ul>
  );
}
