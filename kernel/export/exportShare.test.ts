import { describe, expect, it } from 'vitest';
import type { ExportDocument } from './exportDocument';
import { exportShareRequestSchema, freezeExportShare, shareReadingText, snapshotSections } from './exportShare';

const document: ExportDocument = {
  format: 'csv',
  zones: [
    {
      id: 'a',
      name: 'Paris 11e Arrondissement',
      place: 'Commune 75111',
      irisCount: 60,
      coverageQuality: 'complete',
      selection: 'administrative',
      demoEstablishments: 0,
      outline: [],
    },
    {
      id: 'b',
      name: 'Paris 12e Arrondissement',
      place: 'Commune 75112',
      irisCount: null,
      coverageQuality: null,
      selection: null,
      demoEstablishments: 0,
      outline: [],
    },
  ],
  rows: [
    {
      metricId: 'population.total',
      readings: [
        { value: 142_583.4, vintage: 'RP 2021' },
        { value: null, vintage: null },
      ],
    },
    {
      metricId: 'revenue.median',
      readings: [
        { value: null, vintage: null, locked: 'pro' },
        { value: 31_000, vintage: 'Filosofi 2021' },
      ],
    },
    {
      metricId: 'businesses.total',
      readings: [
        { value: 8603, vintage: 'Sirene 2025' },
        { value: 0, vintage: 'Sirene 2025' },
      ],
    },
  ],
  datasets: [{ source: 'insee-rp', label: 'RP', territory: '75', vintage: '2021', demo: false }],
  generatedAt: '2026-11-26T05:00:00.000Z',
  appVersion: '0.1.0',
  request: { zone_ids: ['a', 'b'], metric_ids: [], format: 'csv' },
};

describe('freezeExportShare', () => {
  const snapshot = freezeExportShare(document);

  it('keeps each metric’s label, unit, category, source and licence beside its readings', () => {
    expect(snapshot.frozen_at).toBe('2026-11-26T05:00:00.000Z');
    expect(snapshot.zones).toEqual([
      { name: 'Paris 11e Arrondissement', place: 'Commune 75111' },
      { name: 'Paris 12e Arrondissement', place: 'Commune 75112' },
    ]);
    expect(snapshot.metrics[0]).toMatchObject({
      id: 'population.total',
      label: 'Population',
      unit: 'habitants',
      category: 'demographics',
      category_label: 'Démographie',
      producer: 'INSEE',
      licence: 'Licence Ouverte 2.0 (Etalab)',
    });
    expect(snapshot.metrics[1]?.readings[0]).toEqual({ value: null, vintage: null, locked: 'pro' });
  });

  it('groups the metrics by category in their order', () => {
    expect(snapshotSections(snapshot).map((section) => [section.label, section.metrics.length])).toEqual([
      ['Démographie', 2],
      ['Entreprises', 1],
    ]);
  });

  it('prints a missing figure as « non disponible », never 0, and a locked one as reserved', () => {
    const [population, revenue, businesses] = snapshot.metrics;
    expect(shareReadingText(population as never, population?.readings[0])).toBe('142\u202f583');
    expect(shareReadingText(population as never, population?.readings[1])).toBe('non disponible');
    expect(shareReadingText(revenue as never, revenue?.readings[0])).toBe('réservé à l’offre Pro');
    expect(shareReadingText(businesses as never, businesses?.readings[1])).toBe('0');
  });
});

describe('exportShareRequestSchema', () => {
  it('takes no expiry as null and bounds it to a year', () => {
    expect(
      exportShareRequestSchema.parse({ zone_ids: ['a'], metric_ids: ['population.total'] }).expires_in_days,
    ).toBeNull();
    expect(
      exportShareRequestSchema.safeParse({ zone_ids: ['a'], metric_ids: ['x'], expires_in_days: 366 }).success,
    ).toBe(false);
  });
});
