import { type FormEvent, useState } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { Zone } from '../../../kernel/zones/Zone';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { BusinessCard } from './BusinessCard';
import { businessesActions } from './businessesSlice';
import { Collapsible } from './Collapsible';
import { ErrorBox, LoadingLine } from './LoadingLine';
import { MapToggle } from './MapToggle';
import { NafCodePicker } from './NafCodePicker';

/** Name searches need at least this many characters (as the server). */
export const NAME_MIN_LENGTH = 2;

/**
 * 'Recherche personnalisée': 'Par catégorie' (NAF codes within the zone) or 'Par nom' (everywhere,
 * at least 2 characters); results with selection and map display.
 */
export function CustomSearchCard({ zone }: { zone: Zone | undefined }) {
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => state.businesses.search);
  const catalogue = useAppSelector((state) => state.businesses.nafCatalogue.data);
  const [mode, setMode] = useState<'category' | 'name'>('category');
  const [codes, setCodes] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string[]>([]);

  /** A section letter is searched as its divisions. */
  const searchCodes = () =>
    codes.flatMap((code) =>
      /^[A-U]$/.test(code)
        ? (catalogue?.hierarchy.sections
            .find((section) => section.code === code)
            ?.divisions.map((division) => division.code) ?? [])
        : [code],
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSelected([]);
    if (mode === 'category' && zone && codes.length) {
      dispatch(businessesActions.categorySearchRequested({ zone, nafCodes: searchCodes() }));
    }
    if (mode === 'name' && name.trim().length >= NAME_MIN_LENGTH)
      dispatch(businessesActions.nameSearchRequested({ name: name.trim() }));
  };
  const results = search.status === 'loaded' && search.mode === mode ? search.data : undefined;
  const ids = results?.businesses.map((business) => business.id) ?? [];
  const allSelected = ids.length > 0 && ids.every((id) => selected.includes(id));
  const nameTooShort = name.trim().length < NAME_MIN_LENGTH;

  return (
    <div className="biz-search">
      {!zone ? <EmptyState title="Zone de recherche requise" message="Commencez votre analyse" /> : null}
      <Collapsible title="Recherche personnalisée" defaultOpen testId="custom-search">
        <div className="biz-switch" role="group" aria-label="Mode de recherche">
          {(['category', 'name'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="biz-switch__button"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
            >
              {value === 'category' ? 'Par catégorie' : 'Par nom'}
            </button>
          ))}
        </div>
        <form className="biz-search__form" onSubmit={submit}>
          {mode === 'category' ? (
            zone ? (
              <NafCodePicker selected={codes} onChange={setCodes} />
            ) : (
              <p className="biz-muted">Veuillez sélectionner une zone sur la carte pour rechercher par catégorie</p>
            )
          ) : (
            <label className="biz-field biz-field--wide">
              Nom de l’entreprise
              <input
                type="search"
                className="biz-input"
                placeholder="ex. boulangerie, Monoprix…"
                value={name}
                onChange={(event) => setName(event.target.value)}
                aria-describedby="business-name-hint"
              />
              <span id="business-name-hint" className="biz-muted biz-small">
                Au moins {NAME_MIN_LENGTH} caractères ; recherche approchée (accents et fautes légères tolérés), dans
                toute la base.
              </span>
            </label>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={search.status === 'loading' || (mode === 'category' ? !zone || codes.length === 0 : nameTooShort)}
          >
            {search.status === 'loading' ? 'Recherche...' : 'Rechercher'}
          </button>
        </form>
        {search.status === 'loading' && search.mode === mode ? <LoadingLine text="Recherche..." /> : null}
        {search.status === 'error' && search.mode === mode ? (
          <ErrorBox title="Erreur de recherche" message={search.error} />
        ) : null}
        {results ? (
          results.businesses.length === 0 ? (
            <p className="biz-empty">Aucun résultat trouvé pour cette recherche</p>
          ) : (
            <div className="biz-results" data-testid="search-results">
              <p className="biz-muted biz-small">
                {formatNumber(results.returned_count)} résultat{results.returned_count > 1 ? 's' : ''}
                {results.total_count > results.returned_count ? ` sur ${formatNumber(results.total_count)}` : ''} ·{' '}
                {formatNumber(results.search_time_ms)} ms
              </p>
              <div className="biz-actions">
                <label className="biz-check">
                  <input type="checkbox" checked={allSelected} onChange={() => setSelected(allSelected ? [] : ids)} />
                  {allSelected ? 'Tout désélectionner' : 'Tout sélectionner'}
                </label>
                <MapToggle
                  layerKey="search:all"
                  label="les résultats"
                  text="Afficher tout sur la carte"
                  needsEngine={false}
                  source={() => ({ kind: 'businesses', businesses: results.businesses })}
                />
                <MapToggle
                  layerKey="search:selection"
                  label="la sélection"
                  text={`Afficher sélection (${selected.length})`}
                  needsEngine={false}
                  source={() => ({
                    kind: 'businesses',
                    businesses: results.businesses.filter((business) => selected.includes(business.id)),
                  })}
                />
              </div>
              <ul className="biz-cards biz-cards--list">
                {results.businesses.map((business) => (
                  <BusinessCard
                    key={business.id}
                    business={business}
                    selected={selected.includes(business.id)}
                    onSelect={() =>
                      setSelected((current) =>
                        current.includes(business.id)
                          ? current.filter((id) => id !== business.id)
                          : [...current, business.id],
                      )
                    }
                  />
                ))}
              </ul>
            </div>
          )
        ) : null}
      </Collapsible>
    </div>
  );
}
