import { useState } from 'react';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { Zone } from '../../../kernel/zones/Zone';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BusinessCard } from './BusinessCard';
import { businessesActions, DEFAULT_LIST_QUERY } from './businessesSlice';
import { ErrorBox, LoadingLine } from './LoadingLine';
import { MapToggle } from './MapToggle';

/** A sous-classe under 'Détails': count, map toggle and its list (the first 100 from the server). */
export function SubcategoryRow({
  zone,
  subcategory,
}: {
  zone: Zone;
  subcategory: { naf_code: string; label: string; count: number };
}) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const list = useAppSelector((state) => state.businesses.subcategoryLists[subcategory.naf_code]);
  const toggle = () => {
    if (!open && (!list || list.status === 'error')) {
      dispatch(businessesActions.subcategoryListRequested({ zone, nafCode: subcategory.naf_code }));
    }
    setOpen((value) => !value);
  };
  return (
    <li className="biz-subcategory">
      <div className="biz-top__line">
        <button type="button" className="biz-link biz-top__main" aria-expanded={open} onClick={toggle}>
          <code>{subcategory.naf_code}</code> {subcategory.label}
        </button>
        <span className="biz-top__count">{formatNumber(subcategory.count)}</span>
        <MapToggle
          layerKey={`naf:${subcategory.naf_code}`}
          label={subcategory.label}
          source={() => ({ kind: 'query', query: { ...DEFAULT_LIST_QUERY, nafPrefix: subcategory.naf_code } })}
        />
      </div>
      {open ? (
        !list || list.status === 'loading' ? (
          <LoadingLine text="Chargement..." />
        ) : list.status === 'error' || !list.data ? (
          <ErrorBox message={list.error} />
        ) : (
          <>
            <p className="biz-muted biz-small">
              {formatNumber(list.data.returned_count)} / {formatNumber(list.data.total_count)}
              {list.data.returned_count < list.data.total_count
                ? ` · Affichage des ${formatNumber(list.data.returned_count)} premières`
                : ''}
            </p>
            <ul className="biz-cards biz-cards--compact">
              {list.data.businesses.map((business) => (
                <BusinessCard key={business.id} business={business} />
              ))}
            </ul>
          </>
        )
      ) : null}
    </li>
  );
}
