import type { ReactNode } from 'react';
import type { GroupSource } from '../../../kernel/demographics/aggregateDemographics';

/** The vintage a figure comes from ('RP 2017', 'Filosofi 2015'). */
export function SourceTag({ source }: { source: Pick<GroupSource, 'vintage_label' | 'base_label'> }) {
  if (!source.vintage_label) return null;
  return (
    <span className="source-tag" title={source.base_label}>
      {source.vintage_label}
    </span>
  );
}

/** One headline figure with its label and vintage. */
export function FigureCard({
  label,
  value,
  source,
  note,
}: {
  label: string;
  value: string;
  source?: GroupSource;
  /** How the figure was obtained, when it is not a plain published figure (an estimate's method). */
  note?: string;
}) {
  return (
    <div className="figure-card">
      <span className="figure-card__label">{label}</span>
      <span className="figure-card__value">{value}</span>
      {source ? <SourceTag source={source} /> : null}
      {note ? <span className="figure-card__note">{note}</span> : null}
    </div>
  );
}

/** A titled section of a tab, its vintage on the right. */
export function Section({ title, source, children }: { title: string; source?: GroupSource; children: ReactNode }) {
  return (
    <section className="demographics-section">
      <header className="demographics-section__header">
        <h3 className="demographics-section__title">{title}</h3>
        {source ? <SourceTag source={source} /> : null}
      </header>
      {children}
    </section>
  );
}

/** The INSEE base is not loaded for the territory: say so and name it. */
export function Unavailable({ source }: { source: Pick<GroupSource, 'base_label' | 'base'> }) {
  return (
    <div className="empty-state empty-state--warning" role="status">
      <p className="empty-state__title">Données non disponibles pour ce territoire</p>
      <p className="empty-state__message">
        {`Base INSEE manquante : ${source.base_label}`} <code>({source.base})</code>
      </p>
    </div>
  );
}

/** A two-column table of labelled figures. */
export function FigureTable({ caption, rows }: { caption: string; rows: { label: string; value: string }[] }) {
  return (
    <table className="figure-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
