import { describe, expect, it } from 'vitest';
import {
  communeCodeSchema,
  departementCodeSchema,
  departementOfCode,
  isTerritoryCode,
  parseCommuneCode,
  parseDepartementCode,
  parseIrisCode,
  parseRegionCode,
} from './territoryCodes';

describe('territory codes', () => {
  it.each(['01', '19', '21', '2A', '2B', '75', '95', '971', '976'])('département « %s »', (code) => {
    expect(isTerritoryCode('department', code)).toBe(true);
  });

  it.each(['00', '20', '96', '977', '2C', '7', '750', 'AB'])('not a département « %s »', (code) => {
    expect(isTerritoryCode('department', code)).toBe(false);
  });

  it('parses codes canonically, or gives undefined', () => {
    expect(parseRegionCode(' 11 ')).toBe('11');
    expect(parseRegionCode('1')).toBeUndefined();
    expect(parseDepartementCode('2a')).toBe('2A');
    expect(parseCommuneCode('2b033')).toBe('2B033');
    expect(parseCommuneCode('7511')).toBeUndefined();
    expect(parseIrisCode('751114101')).toBe('751114101');
    expect(parseIrisCode('75111')).toBeUndefined();
  });

  it('has zod schemas with French messages', () => {
    expect(communeCodeSchema.parse('75111')).toBe('75111');
    const refused = departementCodeSchema.safeParse('20');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('code de département attendu (75, 2A, 971…)');
  });

  it('finds the département of a commune or IRIS code', () => {
    expect(departementOfCode('751110101')).toBe('75');
    expect(departementOfCode('97411')).toBe('974');
    expect(departementOfCode('2A004')).toBe('2A');
  });
});
