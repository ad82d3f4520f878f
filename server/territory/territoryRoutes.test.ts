import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boundaryFeatureSchema,
  communeListSchema,
  departmentListSchema,
  irisListSchema,
  regionListSchema,
} from '../../kernel/territory/territorySchemas';
import { administrativeZone } from '../../kernel/zones/administrativeZone';
import { buildTestApp } from '../../tests/support/testApp';
import { openDemoDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import type { Database } from '../db/Database';

describe.each(testDatabaseKinds())('administrative zones on the demo territory (%s)', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDemoDatabase(kind);
    app = await buildTestApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const get = async (url: string) => {
    const response = await app.inject(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<unknown>();
  };

  it('lists the 18 régions, metropolitan ones by French name, the five overseas ones last', async () => {
    const regions = regionListSchema.parse(await get('/api/admin-zones/regions'));
    expect(regions).toHaveLength(18);
    const metropolitan = regions.filter((region) => !region.overseas);
    expect(metropolitan[0]).toEqual({ code: '84', name: 'Auvergne-Rhône-Alpes', overseas: false });
    expect(metropolitan.map((region) => region.name)).toContain('Île-de-France');
    // "Île-de-France" sorts with I (accents ignored), after Hauts-de-France and before Normandie.
    const names = metropolitan.map((region) => region.name);
    expect(names.indexOf('Île-de-France')).toBe(names.indexOf('Hauts-de-France') + 1);
    expect(
      regions
        .slice(-5)
        .map((region) => region.code)
        .sort(),
    ).toEqual(['01', '02', '03', '04', '06']);
    expect(regions.slice(-5).every((region) => region.overseas)).toBe(true);
  });

  it('lists the départements of a région in French order', async () => {
    const departments = departmentListSchema.parse(await get('/api/admin-zones/departments?region=11'));
    expect(departments.map((department) => department.code).sort()).toEqual([
      '75',
      '77',
      '78',
      '91',
      '92',
      '93',
      '94',
      '95',
    ]);
    expect(departments[0]).toEqual({ code: '91', name: 'Essonne', region: '11' });
    expect(departments.find((department) => department.code === '75')?.name).toBe('Paris');
    const all = departmentListSchema.parse(await get('/api/admin-zones/departments'));
    expect(all.length).toBeGreaterThanOrEqual(101);
  });

  it('gives Paris as its 20 arrondissements, in numeric order', async () => {
    const communes = communeListSchema.parse(await get('/api/admin-zones/communes?department=75&limit=1000'));
    expect(communes).toHaveLength(20);
    expect(communes.map((commune) => commune.code)).toEqual(
      Array.from({ length: 20 }, (_, index) => String(75101 + index)),
    );
    expect(communes[10]).toMatchObject({ code: '75111', department: '75', region: '11' });
    expect(communes[10]?.name).toMatch(/^Paris 11e/);
    const limited = communeListSchema.parse(await get('/api/admin-zones/communes?department=92&limit=5'));
    expect(limited).toHaveLength(5);
  });

  it('lists the IRIS of an arrondissement, and of Paris as a whole', async () => {
    const iris = irisListSchema.parse(await get('/api/admin-zones/iris?commune=75111&limit=1000'));
    expect(iris.length).toBeGreaterThan(30);
    expect(iris.every((entry) => entry.commune_code === '75111' && entry.iris_code.startsWith('75111'))).toBe(true);
    const names = iris.map((entry) => entry.iris_name);
    expect(
      [...names].sort((left, right) => left.localeCompare(right, 'fr', { numeric: true, sensitivity: 'base' })),
    ).toEqual(names);
    const paris = irisListSchema.parse(await get('/api/admin-zones/iris?commune=75056&limit=5000'));
    expect(paris.length).toBeGreaterThan(900);
    expect(irisListSchema.parse(await get('/api/admin-zones/iris?commune=75056&limit=3'))).toHaveLength(3);
  });

  it('answers one boundary feature per level, usable as a zone', async () => {
    const region = boundaryFeatureSchema.parse(await get('/api/admin-zones/region/11/geometry'));
    expect(region.properties).toMatchObject({ code: '11', name: 'Île-de-France', level: 'region' });
    const department = boundaryFeatureSchema.parse(await get('/api/admin-zones/department/75/geometry'));
    expect(department.properties).toMatchObject({ code: '75', name: 'Paris', region_code: '11' });
    const commune = boundaryFeatureSchema.parse(await get('/api/admin-zones/commune/75111/geometry'));
    expect(commune.properties).toMatchObject({ code: '75111', kind: 'arrondissement-municipal', parent_code: '75056' });
    const zone = administrativeZone(
      { level: 'commune', code: '75111', name: String(commune.properties.name) },
      commune,
    );
    expect(zone.id).toBe('commune-75111');
    expect(zone.name).toMatch(/^Paris 11e.* - Commune Française \(75111\)$/);
    // The 11e lies east of the centre of Paris, around 2.38 E 48.86 N.
    expect(zone.coordinates[0]).toBeGreaterThan(2.36);
    expect(zone.coordinates[0]).toBeLessThan(2.41);
    expect(zone.coordinates[1]).toBeGreaterThan(48.85);
    expect(zone.coordinates[1]).toBeLessThan(48.87);

    const [firstIris] = irisListSchema.parse(await get('/api/admin-zones/iris?commune=75111&limit=1'));
    const iris = boundaryFeatureSchema.parse(await get(`/api/admin-zones/iris/${firstIris?.iris_code}/geometry`));
    expect(iris.properties).toMatchObject({ iris_code: firstIris?.iris_code, commune_code: '75111', level: 'iris' });
  });

  it('validates codes and answers 404 for unknown ones', async () => {
    const bad = await app.inject('/api/admin-zones/communes?department=paris');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('« department »');
    expect((await app.inject('/api/admin-zones/communes')).statusCode).toBe(400);
    expect((await app.inject('/api/admin-zones/iris?commune=75111&limit=0')).statusCode).toBe(400);
    expect((await app.inject('/api/admin-zones/region/1/geometry')).statusCode).toBe(400);
    const missing = await app.inject('/api/admin-zones/iris/751119999/geometry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ detail: string }>().detail).toBe('Zone IRIS introuvable : 751119999');
  });
});
