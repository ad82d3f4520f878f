import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../app/shellActions';
import { administrativeZoneId } from '../../../kernel/zones/administrativeZone';
import { useMapController } from '../../map/MapControllerContext';
import { showNewZone } from './zoneFocus';
import { zonesActions, type TerritoryTreeNode } from './zonesSlice';

const FRANCE: TerritoryTreeNode = { key: 'france', label: 'France', expandable: true };

function TreeNode({
  node,
  depth,
  onAdd,
  initiallyExpanded = false,
}: {
  node: TerritoryTreeNode;
  depth: number;
  onAdd: (node: TerritoryTreeNode) => void;
  /** France starts expanded (its régions are loaded with the view). */
  initiallyExpanded?: boolean;
}) {
  const dispatch = useAppDispatch();
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const children = useAppSelector((state) => state.zones.territoryTree.children[node.key]);
  const loading = useAppSelector((state) => state.zones.territoryTree.loading.includes(node.key));
  const zoneId = node.unit ? administrativeZoneId(node.unit.level, node.unit.code) : null;
  const adding = useAppSelector((state) => zoneId !== null && state.zones.territoryTree.adding.includes(zoneId));
  const added = useAppSelector((state) => zoneId !== null && state.zones.zones.some((zone) => zone.id === zoneId));

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (next && !children?.length && !loading) dispatch(zonesActions.territoryChildrenRequested(node.key));
  };

  return (
    <li
      role="treeitem"
      aria-expanded={node.expandable ? expanded : undefined}
      aria-level={depth + 1}
      aria-selected={added}
    >
      <div className="tree__row" style={{ paddingLeft: depth * 14 }}>
        {node.expandable ? (
          <button
            type="button"
            className="tree__toggle"
            aria-label={`${expanded ? 'Replier' : 'Déplier'} ${node.label}`}
            onClick={toggle}
          >
            {expanded ? '▾' : '▸'}
          </button>
        ) : (
          <span className="tree__toggle" aria-hidden="true" />
        )}
        <button
          type="button"
          className={`tree__name${added ? ' tree__name--added' : ''}`}
          disabled={adding}
          onClick={() => onAdd(node)}
        >
          {node.label}
        </button>
        {added ? (
          <span className="tree__check" aria-label="déjà ajoutée" title="Déjà dans vos zones">
            ✓
          </span>
        ) : null}
        {adding || loading ? <span className="spinner" aria-label="Chargement" /> : null}
      </div>
      {expanded && children ? (
        <ul role="group" className="tree__children">
          {children.map((child) => (
            <TreeNode key={child.key} node={child} depth={depth + 1} onAdd={onAdd} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Choose-zone view: the administrative tree; clicking a name adds the unit as a zone. The tree's
 * lists and the unit's boundary are loaded by the zones saga (`territoryTreeSaga`).
 */
export function ChooseZoneView({ onBack }: { onBack: () => void }) {
  const dispatch = useAppDispatch();
  const controller = useMapController();
  const zones = useAppSelector((state) => state.zones.zones);
  const regions = useAppSelector((state) => state.zones.territoryTree.children.france);
  /** The unit just asked for: the map shows its zone once the store has it. */
  const pending = useRef<string | null>(null);

  useEffect(() => {
    // Asked once: the store keeps the tree afterwards.
    if (!regions) dispatch(zonesActions.territoryChildrenRequested('france'));
  }, [dispatch, regions]);

  useEffect(() => {
    const zone = pending.current ? zones.find((candidate) => candidate.id === pending.current) : undefined;
    if (zone) {
      pending.current = null;
      showNewZone(controller, zone);
    }
  }, [zones, controller]);

  const add = (node: TerritoryTreeNode) => {
    const unit = node.unit;
    if (!unit) {
      if (node.key === 'france')
        dispatch(toastShown({ type: 'info', title: 'La zone France entière est en cours de développement' }));
      return;
    }
    const id = administrativeZoneId(unit.level, unit.code);
    if (!zones.some((zone) => zone.id === id)) pending.current = id;
    dispatch(zonesActions.territoryZoneAddRequested(unit));
  };

  return (
    <div className="perimeter">
      <div className="perimeter__view-header">
        <button type="button" className="link-button" onClick={onBack}>
          ← Retour
        </button>
        <h3 className="perimeter__heading">Choisir une zone administrative</h3>
      </div>
      <p className="perimeter__hint">Dépliez l’arborescence puis cliquez sur un nom pour l’ajouter à vos zones.</p>
      <ul role="tree" aria-label="Zones administratives" className="tree">
        {regions ? (
          <TreeNode node={FRANCE} depth={0} onAdd={add} initiallyExpanded={regions.length > 0} />
        ) : (
          <li className="perimeter__sync" role="status">
            <span className="spinner" aria-hidden="true" /> Chargement des régions…
          </li>
        )}
      </ul>
    </div>
  );
}
