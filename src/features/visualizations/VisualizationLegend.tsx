import type { LegendClass } from './legendClasses';

/** A legend: one swatch per class with its range, the unit, and the "donnée non disponible" hatching. */
export function VisualizationLegend({
  title,
  unit,
  classes,
  opacity = 1,
  missingLabel = 'donnée non disponible',
  missingHatched = true,
}: {
  title: string;
  unit: string;
  classes: LegendClass[];
  opacity?: number;
  missingLabel?: string;
  /** Missing values are hatched (visualisations) or plain light grey (IRIS heat-maps, ). */
  missingHatched?: boolean;
}) {
  return (
    <figure className="visualization-legend" aria-label={`Légende : ${title}`}>
      <figcaption className="visualization-legend__title">
        {title} <span className="visualization-legend__unit">({unit})</span>
      </figcaption>
      <ul className="visualization-legend__classes">
        {classes.map((item) => (
          <li key={item.label} className="visualization-legend__class">
            <span
              className="visualization-legend__swatch"
              style={{ background: item.colour, opacity }}
              aria-hidden="true"
            />
            {item.label}
          </li>
        ))}
        <li className="visualization-legend__class" data-legend="missing">
          <span
            className={`visualization-legend__swatch visualization-legend__swatch--${missingHatched ? 'hatched' : 'grey'}`}
            aria-hidden="true"
          />
          {missingLabel}
        </li>
      </ul>
    </figure>
  );
}
