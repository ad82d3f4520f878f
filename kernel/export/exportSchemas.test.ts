import { describe, expect, it } from 'vitest';
import { exportFileName, shortZoneNames } from './exportSchemas';

describe('shortZoneNames', () => {
  it('drops the territory suffix the administrative tree gives a zone', () => {
    expect(
      shortZoneNames([
        'Paris 11e Arrondissement - Commune Française (75111)',
        'Paris 12e Arrondissement - Commune Française (75112)',
      ]),
    ).toEqual(['Paris 11e Arrondissement', 'Paris 12e Arrondissement']);
  });

  it('keeps other names, and every full name when shortening would make two alike', () => {
    expect(shortZoneNames(['Isochrone 10 min à pied', 'Ma zone - centre'])).toEqual([
      'Isochrone 10 min à pied',
      'Ma zone - centre',
    ]);
    expect(shortZoneNames(['Lyon - Commune (69123)', 'Lyon - IRIS (691230101)'])).toEqual([
      'Lyon - Commune (69123)',
      'Lyon - IRIS (691230101)',
    ]);
  });
});

describe('exportFileName', () => {
  it('names the first zone, counts the others, and dates the file', () => {
    const date = new Date('2026-11-25T12:00:00Z');
    expect(exportFileName(['Paris 11e Arrondissement', 'Paris 12e Arrondissement'], 'pdf', date)).toBe(
      'zonalyse-etude-paris-11e-arrondissement-et-1-autre-2026-11-25.pdf',
    );
    expect(exportFileName(['Zone à Évry'], 'csv', date)).toBe('zonalyse-export-zone-a-evry-2026-11-25.csv');
  });
});
