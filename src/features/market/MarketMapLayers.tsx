import type { FeatureCollection, Geometry, Point } from 'geojson';
import { useEffect, useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useMapController } from '../../map/MapControllerContext';
import { GYMS_SOURCE, gymsMapModule } from './gymsMapModule';
import { MARKET_SOURCES, marketMapModule } from './marketMapModule';
import { selectMarket } from './marketSlice';

/** Draws the study's choropleth, competitors and site while results are shown (through the map controller). */
export function MarketMapLayers() {
  const controller = useMapController();
  const { results, layerVisible, gyms, tab } = useAppSelector(selectMarket);
  const shown = results !== null && layerVisible;

  // New objects each time the layer is shown again: the controller skips data it already set.
  const collections = useMemo(() => {
    if (!results || !layerVisible) return null;
    const competitors: FeatureCollection<Point> = {
      type: 'FeatureCollection',
      features: results.analysis.competitors.map((competitor) => ({
        type: 'Feature',
        id: competitor.id,
        geometry: { type: 'Point', coordinates: [competitor.longitude, competitor.latitude] },
        properties: {
          id: competitor.id,
          name: competitor.name,
          own: competitor.own,
          taken: competitor.residents_taken,
        },
      })),
    };
    const site: FeatureCollection<Point> = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [results.site.longitude, results.site.latitude] },
          properties: { label: results.site.label },
        },
      ],
    };
    return {
      iris: { ...(results.analysis.iris_features as FeatureCollection<Geometry>) },
      competitors,
      site,
    };
  }, [results, layerVisible]);

  useEffect(() => {
    if (!controller || !shown) return undefined;
    controller.addModule(marketMapModule);
    return () => controller.removeModule(marketMapModule.id);
  }, [controller, shown]);

  useEffect(() => {
    if (!controller || !shown || !collections) return undefined;
    const apply = () => {
      controller.setGeoJson(MARKET_SOURCES.iris, collections.iris);
      controller.setGeoJson(MARKET_SOURCES.competitors, collections.competitors);
      controller.setGeoJson(MARKET_SOURCES.site, collections.site);
    };
    apply();
    // After a style change the sources are re-created empty: set the data again.
    return controller.onStyleLoad(apply);
  }, [controller, shown, collections]);

  useEffect(() => {
    if (!controller || !results) return;
    const points = [
      [results.site.longitude, results.site.latitude],
      ...results.analysis.competitors.map((competitor) => [competitor.longitude, competitor.latitude]),
    ];
    const longitudes = points.map((point) => point[0] as number);
    const latitudes = points.map((point) => point[1] as number);
    controller.fitBounds(
      [
        [Math.min(...longitudes), Math.min(...latitudes)],
        [Math.max(...longitudes), Math.max(...latitudes)],
      ],
      15,
    );
  }, [controller, results]);

  // The gyms found, while their tab is open.
  const gymPoints = useMemo((): FeatureCollection<Point> | null => {
    if (tab !== 'gyms' || !gyms.results) return null;
    return {
      type: 'FeatureCollection',
      features: gyms.results.gyms.flatMap((gym) =>
        gym.longitude === null || gym.latitude === null
          ? []
          : [
              {
                type: 'Feature' as const,
                id: gym.id,
                geometry: { type: 'Point' as const, coordinates: [gym.longitude, gym.latitude] },
                properties: { id: gym.id, name: gym.name, chain: gym.chain !== null, chain_name: gym.chain_name },
              },
            ],
      ),
    };
  }, [tab, gyms.results]);

  useEffect(() => {
    if (!controller || !gymPoints) return undefined;
    controller.addModule(gymsMapModule);
    const apply = () => controller.setGeoJson(GYMS_SOURCE, { ...gymPoints });
    apply();
    const stopApplying = controller.onStyleLoad(apply);
    const request = gyms.request;
    const points = gymPoints.features.map((feature) => feature.geometry.coordinates);
    if (request) points.push([request.longitude, request.latitude]);
    if (points.length > 1) {
      const longitudes = points.map((point) => point[0] as number);
      const latitudes = points.map((point) => point[1] as number);
      controller.fitBounds(
        [
          [Math.min(...longitudes), Math.min(...latitudes)],
          [Math.max(...longitudes), Math.max(...latitudes)],
        ],
        16,
      );
    }
    return () => {
      stopApplying();
      controller.removeModule(gymsMapModule.id);
    };
  }, [controller, gymPoints, gyms.request]);

  return null;
}
