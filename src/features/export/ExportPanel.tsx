import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSelectedZones } from '../../app/selectors';
import { selectAccessLevel } from '../subscription/subscriptionSlice';
import { EmptyState } from '../../ui/EmptyState';
import { METRIC_CATALOGUE, metricTree, EXPORT_SOURCES } from '../../../kernel/export/metricCatalogue';
import { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, shortZoneNames } from '../../../kernel/export/exportSchemas';
import { SHARE_EXPIRY_DAYS } from '../../../kernel/export/exportShare';
import { isSpecialExportId, SPECIAL_CATEGORY, SPECIAL_EXPORTS } from '../../../kernel/export/specialExports';
import { useMapController } from '../../map/MapControllerContext';
import { selectVisualizations } from '../visualizations/visualizationsSlice';
import { choroplethShown } from './choroplethShown';
import { exportActions, selectExport, type ExportState } from './exportSlice';
import './export.css';

const ORDER = [...METRIC_CATALOGUE.map((metric) => metric.id), ...SPECIAL_EXPORTS.map((entry) => entry.id)];
const SPECIAL_IDS = SPECIAL_EXPORTS.map((entry) => entry.id);
const TREE = metricTree();

/** A checkbox that can show the mixed state of a partly checked group. */
function TriStateCheckbox({
  checked,
  indeterminate,
  onChange,
  label,
  id,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  id?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      checked={checked}
      aria-checked={indeterminate ? 'mixed' : checked}
      aria-label={label}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

function groupState(ids: readonly string[], selected: ReadonlySet<string>) {
  const count = ids.filter((id) => selected.has(id)).length;
  return { checked: count === ids.length && count > 0, indeterminate: count > 0 && count < ids.length, count };
}

function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 12 12"
      aria-hidden="true"
      style={{ transform: open ? 'rotate(90deg)' : undefined }}
    >
      <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** The metric catalogue as a checklist tree: categories › sub-categories › metrics, tri-state select-all. */
function MetricChecklist({
  selected,
  onCheck,
}: {
  selected: ReadonlySet<string>;
  onCheck: (ids: string[], checked: boolean) => void;
}) {
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const toggle = (key: string) => setOpen((state) => ({ ...state, [key]: !state[key] }));
  const all = groupState(ORDER, selected);
  const baseId = useId();
  return (
    <div className="export-tree" role="group" aria-label="Métriques à exporter">
      <label className="export-tree__all">
        <TriStateCheckbox
          checked={all.checked}
          indeterminate={all.indeterminate}
          label="Tout sélectionner"
          onChange={(checked) => onCheck(ORDER, checked)}
        />
        <span>Tout sélectionner</span>
        <span className="export-muted">({ORDER.length} métriques)</span>
      </label>
      <ul className="export-tree__list">
        {TREE.map((category) => {
          const ids = category.subCategories.flatMap((sub) => sub.metrics.map((metric) => metric.id));
          const state = groupState(ids, selected);
          const key = category.id;
          return (
            <li key={key} className="export-tree__category">
              <div className="export-tree__row">
                <button
                  type="button"
                  className="export-tree__toggle"
                  aria-expanded={!!open[key]}
                  aria-label={`${open[key] ? 'Replier' : 'Déplier'} ${category.label}`}
                  onClick={() => toggle(key)}
                >
                  <ChevronIcon open={!!open[key]} />
                </button>
                <label>
                  <TriStateCheckbox
                    checked={state.checked}
                    indeterminate={state.indeterminate}
                    label={category.label}
                    onChange={(checked) => onCheck(ids, checked)}
                  />
                  <strong>{category.label}</strong>
                </label>
                <span className="export-muted">
                  {state.count}/{ids.length}
                </span>
              </div>
              {open[key] ? (
                <ul className="export-tree__list">
                  {category.subCategories.map((sub) => {
                    const subIds = sub.metrics.map((metric) => metric.id);
                    const subState = groupState(subIds, selected);
                    const subKey = `${key}/${sub.label}`;
                    return (
                      <li key={subKey}>
                        <div className="export-tree__row">
                          <button
                            type="button"
                            className="export-tree__toggle"
                            aria-expanded={!!open[subKey]}
                            aria-label={`${open[subKey] ? 'Replier' : 'Déplier'} ${sub.label}`}
                            onClick={() => toggle(subKey)}
                          >
                            <ChevronIcon open={!!open[subKey]} />
                          </button>
                          <label>
                            <TriStateCheckbox
                              checked={subState.checked}
                              indeterminate={subState.indeterminate}
                              label={sub.label}
                              onChange={(checked) => onCheck(subIds, checked)}
                            />
                            <span>{sub.label}</span>
                          </label>
                          <span className="export-muted">
                            {subState.count}/{subIds.length}
                          </span>
                        </div>
                        {open[subKey] ? (
                          <ul className="export-tree__list export-tree__metrics">
                            {sub.metrics.map((metric) => (
                              <li key={metric.id}>
                                <label className="export-tree__metric" htmlFor={`${baseId}-${metric.id}`}>
                                  <input
                                    id={`${baseId}-${metric.id}`}
                                    type="checkbox"
                                    checked={selected.has(metric.id)}
                                    onChange={(event) => onCheck([metric.id], event.target.checked)}
                                  />
                                  <span>{metric.label}</span>
                                  <span className="export-muted" title={EXPORT_SOURCES[metric.source].label}>
                                    {metric.unit}
                                  </span>
                                </label>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          );
        })}
        <li className="export-tree__category">
          <div className="export-tree__row">
            <button
              type="button"
              className="export-tree__toggle"
              aria-expanded={!!open[SPECIAL_CATEGORY.id]}
              aria-label={`${open[SPECIAL_CATEGORY.id] ? 'Replier' : 'Déplier'} ${SPECIAL_CATEGORY.label}`}
              onClick={() => toggle(SPECIAL_CATEGORY.id)}
            >
              <ChevronIcon open={!!open[SPECIAL_CATEGORY.id]} />
            </button>
            <label>
              <TriStateCheckbox
                checked={groupState(SPECIAL_IDS, selected).checked}
                indeterminate={groupState(SPECIAL_IDS, selected).indeterminate}
                label={SPECIAL_CATEGORY.label}
                onChange={(checked) => onCheck(SPECIAL_IDS, checked)}
              />
              <strong>{SPECIAL_CATEGORY.label}</strong>
            </label>
            <span className="export-muted">
              {groupState(SPECIAL_IDS, selected).count}/{SPECIAL_IDS.length}
            </span>
          </div>
          {open[SPECIAL_CATEGORY.id] ? (
            <ul className="export-tree__list export-tree__metrics">
              {SPECIAL_EXPORTS.map((entry) => (
                <li key={entry.id}>
                  <label className="export-tree__metric" htmlFor={`${baseId}-${entry.id}`}>
                    <input
                      id={`${baseId}-${entry.id}`}
                      type="checkbox"
                      checked={selected.has(entry.id)}
                      onChange={(event) => onCheck([entry.id], event.target.checked)}
                    />
                    <span>{entry.label}</span>
                    <span className="export-muted">{entry.hint}</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      </ul>
    </div>
  );
}

const expiryDay = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/** 'Créer un lien de partage': the selection's figures frozen behind a read-only link, and its copy button. */
function ShareLink({
  share,
  disabled,
  onCreate,
}: {
  share: ExportState['share'];
  disabled: boolean;
  onCreate: () => void;
}) {
  const dispatch = useAppDispatch();
  const expiryId = useId();
  return (
    <section className="export-share" aria-label="Lien de partage">
      <h3 className="export-share__title">Lien de partage en lecture seule</h3>
      <p className="export-muted">
        Les chiffres choisis sont figés avec leurs sources et millésimes ; le lien s’ouvre sans compte.
      </p>
      <div className="export-share__expiry">
        <label htmlFor={expiryId}>Expiration</label>
        <select
          id={expiryId}
          value={share.expiresInDays ?? ''}
          onChange={(event) =>
            dispatch(exportActions.shareExpiryChosen(event.target.value === '' ? null : Number(event.target.value)))
          }
        >
          {SHARE_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {days === 365 ? '1 an' : `${days} jours`}
            </option>
          ))}
          <option value="">Jamais</option>
        </select>
      </div>
      <button
        type="button"
        className="button button--block"
        disabled={disabled || share.status === 'creating'}
        onClick={onCreate}
      >
        {share.status === 'creating' ? 'Création du lien…' : 'Créer un lien de partage'}
      </button>
      {share.status === 'created' && share.url ? (
        <>
          <div className="export-share__link">
            <input
              type="text"
              readOnly
              value={share.url}
              aria-label="Adresse du lien de partage"
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="button" onClick={() => dispatch(exportActions.shareCopyRequested())}>
              {share.copied ? 'Copié' : 'Copier'}
            </button>
          </div>
          <p className="export-muted" role="status">
            {share.copied ? 'Lien copié dans le presse-papiers. ' : ''}
            {share.expiresAt ? `Valable jusqu’au ${expiryDay.format(new Date(share.expiresAt))}.` : 'Sans expiration.'}
          </p>
        </>
      ) : null}
      {share.status === 'error' && share.error ? (
        <p className="export-error" role="alert">
          {share.error}
        </p>
      ) : null}
    </section>
  );
}

const GATE_MESSAGES = {
  anonymous: 'Créez un compte gratuit pour accéder à cette fonctionnalité',
  free: 'Passez à l’offre Light pour accéder à cette fonctionnalité',
} as const;

/** The 'Exporter les données' panel: selected zones, metric checklist, format, export with progress. */
export default function ExportPanel() {
  const dispatch = useAppDispatch();
  const zones = useAppSelector(selectSelectedZones);
  const level = useAppSelector(selectAccessLevel);
  const { selectedMetricIds, format, status, progress, error, fileName, share } = useAppSelector(selectExport);
  const selected = useMemo(() => new Set(selectedMetricIds), [selectedMetricIds]);
  const map = useMapController();
  const { applied } = useAppSelector(selectVisualizations);
  const catalogueCount = selectedMetricIds.filter((id) => !isSpecialExportId(id)).length;
  /** The special entries go into the PDF and the workbook: the map is captured only for them. */
  const startExport = async () => {
    const zoneIds = zones.map((zone) => zone.id);
    const withMap = (format === 'pdf' || format === 'xlsx') && selected.has('special.map_view');
    const mapView = withMap && map ? await map.snapshot().catch(() => undefined) : undefined;
    // The capture ends in the image reader's callback: the request (its megabytes of JSON) and the panel's
    // new state start in a task of their own, so neither lengthens that one.
    if (mapView) await new Promise((resolve) => setTimeout(resolve, 0));
    dispatch(
      exportActions.exportRequested({
        zoneIds,
        ...(mapView ? { mapView } : {}),
        ...(selected.has('special.choropleth') ? { choropleth: choroplethShown(applied) } : {}),
      }),
    );
  };
  const busy = status === 'building' || status === 'downloading';
  useEffect(() => {
    dispatch(exportActions.panelOpened());
  }, [dispatch]);

  if (zones.length === 0) {
    return (
      <EmptyState
        title="Exporter les données"
        message="Sélectionnez au moins une zone pour exporter des données"
        tone="warning"
      />
    );
  }
  const gate = level === 'anonymous' || level === 'free' ? GATE_MESSAGES[level] : null;
  return (
    <div className="export-panel">
      <p className="export-panel__zones">
        <strong>Export pour {zones.length} zone(s)</strong>
        <span className="export-muted">{shortZoneNames(zones.map((zone) => zone.name)).join(' · ')}</span>
      </p>
      <MetricChecklist
        selected={selected}
        onCheck={(ids, checked) => dispatch(exportActions.metricsChecked({ ids, checked, order: ORDER }))}
      />
      <fieldset className="export-formats">
        <legend>Format</legend>
        {EXPORT_FORMATS.map((value) => (
          <label key={value} className="export-formats__choice">
            <input
              type="radio"
              name="export-format"
              value={value}
              checked={format === value}
              onChange={() => dispatch(exportActions.formatChosen(value))}
            />
            <span>{EXPORT_FORMAT_LABELS[value]}</span>
          </label>
        ))}
      </fieldset>
      {gate ? (
        <p className="export-gate" role="status">
          {gate}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary button--block"
        disabled={selectedMetricIds.length === 0 || busy}
        onClick={() => void startExport()}
      >
        {busy ? 'Export en cours…' : `Exporter (${selectedMetricIds.length} métrique(s))`}
      </button>
      {busy ? (
        <div className="export-progress" role="status" aria-live="polite">
          <progress max={1} value={progress ?? undefined} aria-label="Progression de l’export" />
          <span>
            {status === 'building'
              ? `Préparation du fichier ${EXPORT_FORMAT_LABELS[format]}…`
              : `Téléchargement${progress === null ? '…' : ` : ${Math.round(progress * 100)} %`}`}
          </span>
        </div>
      ) : null}
      {status === 'done' && fileName ? (
        <p className="export-done" role="status">
          Fichier téléchargé : <strong>{fileName}</strong>
        </p>
      ) : null}
      {status === 'error' && error ? (
        <p className="export-error" role="alert">
          {error}
        </p>
      ) : null}
      <ShareLink
        share={share}
        disabled={catalogueCount === 0}
        onCreate={() => dispatch(exportActions.shareRequested({ zoneIds: zones.map((zone) => zone.id) }))}
      />
    </div>
  );
}
