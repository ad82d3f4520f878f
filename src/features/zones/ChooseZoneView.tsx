import { useEffect, useState } from 'react';
import { territoryApi } from '../territory/territoryApi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../app/shellActions';
import {
  ALREADY_IN_LIST_MESSAGES,
  administrativeZone,
  administrativeZoneId,
  loadFailedMessage,
  type AdministrativeUnit,
} from '../../../kernel/zones/administrativeZone';
import { useMapController } from '../../map/MapControllerContext';
import { showNewZone } from './zoneFocus';
import { zonesActions } from './zonesSlice';

/** A node of the tree: an administrative unit to add, or a grouping (France, DOM-TOM). */
interface TreeNodeData {
  key: string;
  label: string;
  unit?: AdministrativeUnit;
  /** Undefined for a leaf (IRIS). */
  loadChildren?: () => Promise<TreeNodeData[]>;
}

const irisNodes = async (communeCode: string): Promise<TreeNodeData[]> =>
  (await territoryApi.iris(communeCode)).map((iris) => ({
    key: `iris-${iris.iris_code}`,
    label: `${iris.iris_name} (${iris.iris_code})`,
    unit: { level: 'iris', code: iris.iris_code, name: iris.iris_name, communeName: iris.commune_name },
  }));

const communeNodes = async (departmentCode: string): Promise<TreeNodeData[]> =>
  (await territoryApi.communes(departmentCode)).map((commune) => ({
    key: `commune-${commune.code}`,
    label: `${commune.name} (${commune.code})`,
    unit: { level: 'commune', code: commune.code, name: commune.name },
    loadChildren: () => irisNodes(commune.code),
  }));

const departmentNodes = async (regionCode: string): Promise<TreeNodeData[]> =>
  (await territoryApi.departments(regionCode)).map((department) => ({
    key: `department-${department.code}`,
    label: `${department.name} (${department.code})`,
    unit: { level: 'department', code: department.code, name: department.name },
    loadChildren: () => communeNodes(department.code),
  }));

/** France > régions (overseas ones grouped last under 'DOM-TOM (Outre-Mer)') > … > IRIS. */
const regionNodes = async (): Promise<TreeNodeData[]> => {
  const regions = await territoryApi.regions();
  const node = (region: (typeof regions)[number]): TreeNodeData => ({
    key: `region-${region.code}`,
    label: region.name,
    unit: { level: 'region', code: region.code, name: region.name },
    loadChildren: () => departmentNodes(region.code),
  });
  const overseas = regions.filter((region) => region.overseas).map(node);
  const metropolitan = regions.filter((region) => !region.overseas).map(node);
  return overseas.length === 0
    ? metropolitan
    : [
        ...metropolitan,
        { key: 'dom-tom', label: 'DOM-TOM (Outre-Mer)', loadChildren: () => Promise.resolve(overseas) },
      ];
};

const FRANCE: TreeNodeData = { key: 'france', label: 'France', loadChildren: regionNodes };

function TreeNode({
  node,
  depth,
  onAdd,
  initialChildren,
}: {
  node: TreeNodeData;
  depth: number;
  onAdd: (node: TreeNodeData) => Promise<void>;
  /** Children already loaded (France's régions): the node starts expanded. */
  initialChildren?: TreeNodeData[];
}) {
  const [expanded, setExpanded] = useState(initialChildren !== undefined);
  const [children, setChildren] = useState<TreeNodeData[] | null>(initialChildren ?? null);
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState(false);
  const zoneId = node.unit ? administrativeZoneId(node.unit.level, node.unit.code) : null;
  const added = useAppSelector((state) => zoneId !== null && state.zones.zones.some((zone) => zone.id === zoneId));

  const load = async () => {
    if (children || loading || !node.loadChildren) return;
    setLoading(true);
    try {
      setChildren(await node.loadChildren());
    } catch {
      // Tree loading failures are silent (the node stays empty; collapse and expand to retry).
      setExpanded(false);
    } finally {
      setLoading(false);
    }
  };
  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    if (next) void load();
  };

  return (
    <li
      role="treeitem"
      aria-expanded={node.loadChildren ? expanded : undefined}
      aria-level={depth + 1}
      aria-selected={added}
    >
      <div className="tree__row" style={{ paddingLeft: depth * 14 }}>
        {node.loadChildren ? (
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
          onClick={async () => {
            setAdding(true);
            try {
              await onAdd(node);
            } finally {
              setAdding(false);
            }
          }}
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

/** Choose-zone view: the administrative tree; clicking a name adds the unit as a zone. */
export function ChooseZoneView({ onBack }: { onBack: () => void }) {
  const dispatch = useAppDispatch();
  const controller = useMapController();
  const zones = useAppSelector((state) => state.zones.zones);
  const [regions, setRegions] = useState<TreeNodeData[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    regionNodes()
      .then((nodes) => {
        if (!cancelled) setRegions(nodes);
      })
      .catch(() => {
        if (!cancelled) setRegions([]);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const add = async (node: TreeNodeData) => {
    const unit = node.unit;
    if (!unit) {
      if (node.key === 'france')
        dispatch(toastShown({ type: 'info', title: 'La zone France entière est en cours de développement' }));
      return;
    }
    if (zones.some((zone) => zone.id === administrativeZoneId(unit.level, unit.code))) {
      dispatch(toastShown({ type: 'warning', title: ALREADY_IN_LIST_MESSAGES[unit.level] }));
      return;
    }
    let zone;
    try {
      zone = administrativeZone(unit, await territoryApi.boundary(unit.level, unit.code));
    } catch (error) {
      dispatch(
        toastShown({
          type: 'error',
          title: loadFailedMessage(unit.level),
          message: error instanceof Error ? error.message : String(error),
        }),
      );
      return;
    }
    dispatch(zonesActions.zoneCreateRequested(zone));
    showNewZone(controller, zone);
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
          <TreeNode node={FRANCE} depth={0} onAdd={add} {...(regions.length > 0 ? { initialChildren: regions } : {})} />
        ) : (
          <li className="perimeter__sync" role="status">
            <span className="spinner" aria-hidden="true" /> Chargement des régions…
          </li>
        )}
      </ul>
    </div>
  );
}
