import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageShell } from '../../app/shellComponents';
import {
  shareReadingText,
  snapshotSections,
  type ExportShareAnswer,
  type ExportShareSnapshot,
} from '../../../kernel/export/exportShare';
import { exportActions, selectExport } from './exportSlice';
import './export.css';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });
const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/** The vintages of a metric's readings, once each ('RP 2021', 'DVF 2020–2024'). */
const vintagesOf = (metric: ExportShareSnapshot['metrics'][number]) =>
  [...new Set(metric.readings.map((reading) => reading.vintage).filter((vintage) => vintage !== null))].join(', ') ||
  '—';

function StudyTables({ answer }: { answer: ExportShareAnswer }) {
  const { snapshot } = answer;
  const demo = snapshot.datasets.filter((dataset) => dataset.demo);
  return (
    <>
      <section className="card shared-study__zones" aria-label="Zones">
        <h2 className="card__title">{snapshot.zones.length > 1 ? `${snapshot.zones.length} zones` : 'Zone'}</h2>
        <ul>
          {snapshot.zones.map((zone, index) => (
            <li key={index}>
              <strong>{zone.name}</strong> <span className="export-muted">{zone.place}</span>
            </li>
          ))}
        </ul>
        <p className="export-muted">
          Chiffres figés le {dateTime.format(new Date(snapshot.frozen_at))} (Zonalyse {snapshot.app_version}) ; ils ne
          suivent pas les mises à jour des données.{' '}
          {answer.expires_at
            ? `Lien valable jusqu’au ${day.format(new Date(answer.expires_at))}.`
            : 'Lien sans expiration.'}
        </p>
        {demo.length > 0 ? (
          <p className="export-gate">
            Données de démonstration (dérivées, non officielles) comprises :{' '}
            {demo.map((dataset) => dataset.label).join(', ')}.
          </p>
        ) : null}
      </section>
      {snapshotSections(snapshot).map((section) => (
        <section
          key={section.category}
          className="shared-study__section"
          aria-labelledby={`shared-${section.category}`}
        >
          <h2 id={`shared-${section.category}`}>{section.label}</h2>
          <div className="shared-study__scroll">
            <table className="shared-study__table">
              <thead>
                <tr>
                  <th scope="col">Métrique</th>
                  {snapshot.zones.map((zone, index) => (
                    <th key={index} scope="col" className="shared-study__number">
                      {zone.name}
                    </th>
                  ))}
                  <th scope="col">Unité</th>
                  <th scope="col">Source</th>
                  <th scope="col">Millésime</th>
                </tr>
              </thead>
              <tbody>
                {section.metrics.map((metric) => (
                  <tr key={metric.id}>
                    <th scope="row">
                      {metric.label}
                      <span className="export-muted shared-study__sub">{metric.sub_category}</span>
                    </th>
                    {metric.readings.map((reading, index) => (
                      <td
                        key={index}
                        className={`shared-study__number${reading.value === null ? ' export-muted' : ''}`}
                      >
                        {shareReadingText(metric, reading)}
                      </td>
                    ))}
                    <td>{metric.unit}</td>
                    <td className="export-muted" title={metric.licence}>
                      {metric.source_label} ({metric.producer})
                    </td>
                    <td>{vintagesOf(metric)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      <section className="card shared-study__sources" aria-label="Jeux de données">
        <h2 className="card__title">Jeux de données chargés au moment du partage</h2>
        <ul>
          {snapshot.datasets.map((dataset, index) => (
            <li key={index}>
              {dataset.label} — {dataset.territory}, millésime {dataset.vintage}
              {dataset.demo ? ' (démonstration)' : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** `/partage/{token}`: a study shared read-only, opened without an account. */
export default function SharedStudyPage() {
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const { sharedStudy } = useAppSelector(selectExport);
  useEffect(() => {
    dispatch(exportActions.sharedStudyRequested(token));
  }, [dispatch, token]);
  const answer = sharedStudy.token === token ? sharedStudy.answer : null;
  return (
    <PageShell
      title="Étude partagée"
      subtitle="Lecture seule : les chiffres choisis par la personne qui a partagé ce lien, avec leurs sources et millésimes."
      width="wide"
    >
      {sharedStudy.status === 'loading' ? (
        <p className="page-loading" role="status">
          Chargement de l’étude…
        </p>
      ) : null}
      {sharedStudy.status === 'error' ? (
        <div className="card" role="alert">
          <p>{sharedStudy.error}</p>
          <Link to="/map" className="button button--primary">
            Ouvrir la carte
          </Link>
        </div>
      ) : null}
      {sharedStudy.status === 'loaded' && answer ? <StudyTables answer={answer} /> : null}
    </PageShell>
  );
}
