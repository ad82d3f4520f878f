import { useMemo, useState } from 'react';
import departementsData from '@etalab/decoupage-administratif/data/departements.json';
import { formatNumber } from '../../../kernel/format/formatFrench';
import { PUBLIC_SERVICE_LIMITS } from '../../../kernel/public-services/publicServiceSchemas';
import { Modal } from '../../ui/Modal';

/** A metropolitan département of the selector: code, name and the postal-code prefixes of its communes. */
export interface Departement {
  code: string;
  name: string;
  postalPrefixes: string[];
}

/** The metropolitan départements (01 to 95; Corsica as 2A and 2B, whose postcodes start with 20). */
export const METROPOLITAN_DEPARTEMENTS: Departement[] = (
  departementsData as { code: string; nom: string; zone: string }[]
)
  .filter((departement) => departement.zone === 'metro')
  .map((departement) => ({
    code: departement.code,
    name: departement.nom,
    postalPrefixes: [departement.code.startsWith('2') && /[AB]$/.test(departement.code) ? '20' : departement.code],
  }));

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Départements matching the search by name (case and accents ignored) or code. */
export function filterDepartements(departements: readonly Departement[], query: string): Departement[] {
  const wanted = normalise(query.trim());
  if (!wanted) return [...departements];
  return departements.filter(
    (departement) => normalise(departement.name).includes(wanted) || departement.code.toLowerCase().startsWith(wanted),
  );
}

/** 'Sélectionnez les départements': up to five, then 'Afficher' shows the type for them. */
export function DepartementSelectorDialog({
  typeName,
  count,
  onCancel,
  onConfirm,
}: {
  typeName: string;
  count: number;
  onCancel: () => void;
  onConfirm: (codes: string[]) => void;
}) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const shown = useMemo(() => filterDepartements(METROPOLITAN_DEPARTEMENTS, query), [query]);
  const maximum = PUBLIC_SERVICE_LIMITS.maximumDepartements;
  const toggle = (code: string) =>
    setSelected((current) => (current.includes(code) ? current.filter((item) => item !== code) : [...current, code]));
  return (
    <Modal
      title="Sélectionnez les départements"
      description={`${typeName} : ${formatNumber(count)} services. Choisissez jusqu’à ${maximum} départements à afficher sur la carte.`}
      onClose={onCancel}
    >
      <div className="ps-departements">
        <input
          type="search"
          className="ps-input"
          placeholder="Rechercher un département..."
          aria-label="Rechercher un département"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-autofocus
        />
        <p className="ps-muted" role="status">
          {selected.length}/{maximum} départements sélectionnés
        </p>
        <ul className="ps-departements__list">
          {shown.map((departement) => {
            const checked = selected.includes(departement.code);
            return (
              <li key={departement.code}>
                <label className="ps-check">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && selected.length >= maximum}
                    onChange={() => toggle(departement.code)}
                  />
                  {departement.code} — {departement.name}
                </label>
              </li>
            );
          })}
        </ul>
        <div className="ps-dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Annuler
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={selected.length === 0}
            onClick={() => onConfirm(selected)}
          >
            Afficher
          </button>
        </div>
      </div>
    </Modal>
  );
}
