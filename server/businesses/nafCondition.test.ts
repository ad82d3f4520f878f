import { describe, expect, it } from 'vitest';
import { nafCondition, nafParameter } from './nafCondition';

describe('nafCondition', () => {
  it('compares full sous-classes by equality and prefixes with LIKE patterns', () => {
    expect(nafCondition('e.naf_code', '$3', ['10.71C', '47.24Z'])).toBe('e.naf_code = ANY($3::text[])');
    expect(nafParameter(['10.71C', '47.24Z'])).toEqual(['10.71C', '47.24Z']);
    expect(nafCondition('e.naf_code', '$3', ['10.71C', '47.2'])).toBe('e.naf_code LIKE ANY($3::text[])');
    expect(nafParameter(['10.71C', '47.2'])).toEqual(['10.71C%', '47.2%']);
  });
});
