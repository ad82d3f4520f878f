import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../api/httpClient';
import { fetchIrisDetail } from './irisApi';

const detail = {
  iris_code: '751010201',
  iris_name: 'Les Halles 1',
  iris_type: 'H',
  iris_type_label: 'Zone d’habitat',
  administrative: { commune_code: '75101', commune_name: 'Paris 1er', departement_code: '75', region_code: '11' },
  area_km2: 0.07,
  population: 2056,
  population_scope: '2+',
  population_vintage: 2015,
  population_density: 28786,
  median_income: 29650,
  income_vintage: 2017,
  employment_rate: 0.658,
  employment_vintage: 2017,
  land_value_per_sqm: null,
  land_value_sales: null,
  residential_sales: null,
  residential_price_avg: null,
  commercial_sales: null,
  commercial_price_avg: null,
  house_share: null,
  flat_share: null,
  business_count: null,
  demo_business_count: null,
  centroid: [2.35, 48.86],
  bbox: [2.34, 48.85, 2.36, 48.87],
};

const serving = (body: unknown, status = 200) =>
  new HttpClient({
    baseUrl: 'http://127.0.0.1/api',
    fetch: async (input) => {
      expect(String(input)).toBe('http://127.0.0.1/api/iris/details/751010201');
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
    sleep: async () => undefined,
  });

describe('fetchIrisDetail', () => {
  it('reads /api/iris/details/{irisCode} in its canonical shape', async () => {
    await expect(fetchIrisDetail('751010201', serving(detail))).resolves.toMatchObject({ population: 2056 });
  });

  it('refuses an answer of another shape', async () => {
    await expect(fetchIrisDetail('751010201', serving({ iris_code: '751010201' }))).rejects.toThrow(
      'Réponse inattendue',
    );
  });

  it('passes the server error on', async () => {
    await expect(
      fetchIrisDetail('751010201', serving({ detail: 'IRIS 751010201 introuvable', code: 'NOT_FOUND' }, 404)),
    ).rejects.toThrow('IRIS 751010201 introuvable');
  });
});
