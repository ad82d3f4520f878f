import { useEffect, useId, useMemo, useState } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { businessesActions } from './businessesSlice';
import { ErrorBox, LoadingLine } from './LoadingLine';
import { NAF_PICKER_LIMIT, type NafCatalogue, searchNafCodes } from './nafCatalogue';

type Sections = NafCatalogue['hierarchy']['sections'];

function Node({
  code,
  label,
  selected,
  onToggle,
  children,
  depth,
}: {
  code: string;
  label: string;
  selected: string[];
  onToggle: (code: string) => void;
  children?: () => React.ReactNode;
  depth: number;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li className="naf-node" style={{ paddingLeft: depth * 12 }}>
      <div className="naf-node__line">
        {children ? (
          <button
            type="button"
            className="naf-node__expand"
            aria-expanded={open}
            aria-label={`${open ? 'Replier' : 'Déplier'} ${code}`}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="naf-node__expand" aria-hidden="true" />
        )}
        <label className="biz-check">
          <input type="checkbox" checked={selected.includes(code)} onChange={() => onToggle(code)} />
          <code>{code}</code> {label}
        </label>
      </div>
      {open && children ? <ul className="naf-tree">{children()}</ul> : null}
    </li>
  );
}

function Browser({
  sections,
  selected,
  onToggle,
}: {
  sections: Sections;
  selected: string[];
  onToggle: (code: string) => void;
}) {
  const node = { selected, onToggle };
  return (
    <ul className="naf-tree" aria-label="Nomenclature NAF">
      {sections.map((section) => (
        <Node
          key={section.code}
          code={section.code}
          label={section.label}
          depth={0}
          {...node}
          children={() =>
            section.divisions.map((division) => (
              <Node
                key={division.code}
                code={division.code}
                label={division.label}
                depth={1}
                {...node}
                children={() =>
                  division.groups.map((group) => (
                    <Node
                      key={group.code}
                      code={group.code}
                      label={group.label}
                      depth={2}
                      {...node}
                      children={() =>
                        group.classes.map((nafClass) => (
                          <Node
                            key={nafClass.code}
                            code={nafClass.code}
                            label={nafClass.label}
                            depth={3}
                            {...node}
                            children={
                              nafClass.codes.length > 1
                                ? () =>
                                    nafClass.codes.map((code) => (
                                      <Node key={code.code} code={code.code} label={code.label} depth={4} {...node} />
                                    ))
                                : undefined
                            }
                          />
                        ))
                      }
                    />
                  ))
                }
              />
            ))
          }
        />
      ))}
    </ul>
  );
}

/**
 * The NAF code picker: a dropdown with a search box (at most 50 results) and the hierarchical browser
 * (section › division › groupe › classe › sous-classe); chosen codes as chips with 'Tout effacer'.
 * A section letter is sent as its divisions.
 */
export function NafCodePicker({ selected, onChange }: { selected: string[]; onChange: (codes: string[]) => void }) {
  const dispatch = useAppDispatch();
  const catalogue = useAppSelector((state) => state.businesses.nafCatalogue);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const dropdownId = useId();
  useEffect(() => {
    if (open && (catalogue.status === 'idle' || catalogue.status === 'error'))
      dispatch(businessesActions.nafCatalogueRequested());
  }, [open, catalogue.status, dispatch]);
  const results = useMemo(() => (catalogue.data ? searchNafCodes(catalogue.data, text) : []), [catalogue.data, text]);
  const toggle = (code: string) =>
    onChange(selected.includes(code) ? selected.filter((item) => item !== code) : [...selected, code]);
  const labelOf = (code: string) =>
    catalogue.data?.flat_list.find((entry) => entry.code === code)?.label ??
    catalogue.data?.hierarchy.sections.find((section) => section.code === code)?.label ??
    '';
  /** Every code the picker offers (divisions, groupes, classes, sous-classes). */
  const classes = catalogue.data?.stats.total_codes ?? 1707;
  return (
    <div className="naf-picker">
      <button
        type="button"
        className="button naf-picker__button"
        aria-expanded={open}
        aria-controls={dropdownId}
        onClick={() => setOpen((value) => !value)}
      >
        Codes NAF ({formatNumber(classes)} codes disponibles)
      </button>
      {selected.length ? (
        <div className="naf-chips" aria-label="Codes NAF choisis">
          {selected.map((code) => (
            <span key={code} className="naf-chip" title={labelOf(code)}>
              <code>{code}</code> {labelOf(code)}
              <button type="button" aria-label={`Retirer ${code}`} onClick={() => toggle(code)}>
                ×
              </button>
            </span>
          ))}
          <button type="button" className="biz-link" onClick={() => onChange([])}>
            Tout effacer
          </button>
        </div>
      ) : null}
      {open ? (
        <div id={dropdownId} className="naf-picker__dropdown" data-testid="naf-picker">
          <input
            type="search"
            className="biz-input"
            placeholder="Rechercher un code ou une activité (ex. boulangerie, 56.10)"
            aria-label="Rechercher un code NAF"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          {catalogue.status === 'loading' || catalogue.status === 'idle' ? (
            <LoadingLine text="Chargement des codes NAF..." />
          ) : catalogue.status === 'error' || !catalogue.data ? (
            <ErrorBox message={catalogue.error ?? 'Failed to load NAF codes'} />
          ) : text.trim() ? (
            results.length === 0 ? (
              <p className="biz-empty">Aucun code NAF ne correspond</p>
            ) : (
              <ul className="naf-results" aria-label="Codes NAF trouvés">
                {results.map((entry) => (
                  <li key={entry.code}>
                    <label className="biz-check">
                      <input
                        type="checkbox"
                        checked={selected.includes(entry.code)}
                        onChange={() => toggle(entry.code)}
                      />
                      <code>{entry.code}</code> {entry.label}
                    </label>
                  </li>
                ))}
                {results.length === NAF_PICKER_LIMIT ? (
                  <li className="biz-muted biz-small">
                    Les {NAF_PICKER_LIMIT} premiers résultats : précisez la recherche.
                  </li>
                ) : null}
              </ul>
            )
          ) : (
            <Browser sections={catalogue.data.hierarchy.sections} selected={selected} onToggle={toggle} />
          )}
          <p className="biz-muted biz-small naf-picker__footer">
            {formatNumber(classes)} codes disponibles · {formatNumber(selected.length)} sélectionné
            {selected.length > 1 ? 's' : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
}
