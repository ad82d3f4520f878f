import { describe, expect, it } from 'vitest';
import type { DemographicsAnswer } from '../demographics/demographicsRecord';
import { lockedTabs, withoutLockedFigures } from './demographicsAccess';

const answer = {
  iris_zones: [
    {
      iris_code: '751010101',
      iris_name: 'Saint-Germain-l’Auxerrois 1',
      iris_type: 'H',
      commune_code: '75101',
      commune_name: 'Paris 1er Arrondissement',
      area_km2: 0.5,
      coverage_ratio: 1,
      groups: {
        'evol-struct-pop': { vintage: 2017, values: { P17_POP: 1200, P17_POP0014: 150 } },
        'activite-residents': {
          vintage: 2017,
          values: { P17_POP1564: 800, P17_ACT1564: 600, P17_ACTOCC1564: 550, P17_CHOM1564: 50, C17_ACT1564_CS3: 200 },
        },
        'diplomes-formation': { vintage: 2017, values: { P17_POP0205: 80, P17_NSCOL15P_SUP5: 300 } },
        'filosofi-disp': { vintage: 2017, values: { DISP_MED17: 32000 } },
      },
    },
  ],
  metadata: {},
} as unknown as DemographicsAnswer;

describe('withoutLockedFigures', () => {
  it('locks Education below Light and Revenus/Activité below Pro', () => {
    expect(lockedTabs('anonymous')).toEqual(['employment-education', 'revenue', 'unemployment']);
    expect(lockedTabs('free')).toEqual(['employment-education', 'revenue', 'unemployment']);
    expect(lockedTabs('light')).toEqual(['revenue', 'unemployment']);
    expect(lockedTabs('pro')).toEqual([]);
  });

  it('drops income, employment, education and unemployment figures below Light, keeping population', () => {
    const groups = withoutLockedFigures(answer, 'free').iris_zones[0]?.groups;
    expect(groups).toEqual({
      'evol-struct-pop': { vintage: 2017, values: { P17_POP: 1200, P17_POP0014: 150 } },
      'activite-residents': { vintage: 2017, values: { P17_POP1564: 800 } },
      'diplomes-formation': { vintage: 2017, values: { P17_POP0205: 80 } },
    });
  });

  it('gives Light employment and education but neither income nor unemployment; Pro everything', () => {
    const light = withoutLockedFigures(answer, 'light');
    expect(light.metadata.locked_tabs).toEqual(['revenue', 'unemployment']);
    expect(light.iris_zones[0]?.groups['activite-residents']?.values).toEqual({
      P17_POP1564: 800,
      P17_ACT1564: 600,
      P17_ACTOCC1564: 550,
      C17_ACT1564_CS3: 200,
    });
    expect(light.iris_zones[0]?.groups['diplomes-formation']?.values.P17_NSCOL15P_SUP5).toBe(300);
    expect(light.iris_zones[0]?.groups['filosofi-disp']).toBeUndefined();
    expect(withoutLockedFigures(answer, 'pro').iris_zones).toEqual(answer.iris_zones);
  });
});
