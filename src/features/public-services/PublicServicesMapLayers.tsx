import { useEffect, useMemo, useRef } from 'react';
import { useAppSelector } from '../../app/hooks';
import { PUBLIC_SERVICE_CATEGORIES } from '../../../kernel/public-services/publicServiceCategories';
import { useMapController } from '../../map/MapControllerContext';
import { sendMarkerGroup } from '../../map/sendMarkerGroup';
import { mapServicesByCategory } from './mapServicesByCategory';
import { createPublicServicesMarkersModule } from './publicServicesMarkersModule';
import { serviceClustersWorker } from './serviceClustersWorkerClient';
import './publicServices.css';

/**
 * Draws the public services switched on (zone analysis) or shown by type (Recherche avancée): each
 * category's services go to the worker in chunks, which clusters them; the layer module draws the view's markers.
 */
export function PublicServicesMapLayers() {
  const controller = useMapController();
  const analysis = useAppSelector((state) => state.publicServices.analysis.data);
  const visibleServiceIds = useAppSelector((state) => state.publicServices.visibleServiceIds);
  const displayedTypes = useAppSelector((state) => state.publicServices.displayedTypes);
  const byCategory = useMemo(
    () => mapServicesByCategory(analysis, visibleServiceIds, displayedTypes),
    [analysis, visibleServiceIds, displayedTypes],
  );
  const module = useMemo(
    () => createPublicServicesMarkersModule((bbox, zoom) => serviceClustersWorker().markers(bbox, zoom)),
    [],
  );
  const sent = useRef(new Map<string, string>());

  useEffect(() => {
    if (!controller || byCategory.size === 0) return;
    controller.addModule(module);
    return () => controller.removeModule(module.id);
  }, [controller, module, byCategory.size]);

  useEffect(() => {
    if (byCategory.size === 0 && sent.current.size === 0) return;
    const worker = serviceClustersWorker();
    const updates: Promise<unknown>[] = [];
    for (const [category, services] of byCategory) {
      const signature = services.map((service) => service.id).join('|');
      if (sent.current.get(category) === signature) continue;
      sent.current.set(category, signature);
      updates.push(sendMarkerGroup(worker, category, PUBLIC_SERVICE_CATEGORIES[category].color, services));
    }
    for (const category of [...sent.current.keys()]) {
      if (!byCategory.has(category as never)) sent.current.delete(category);
    }
    updates.push(worker.retainGroups([...byCategory.keys()]));
    void Promise.all(updates).then(() => module.refresh());
  }, [byCategory, module]);

  return null;
}
