import { describe, expect, it } from 'vitest';
import { tileAddressSchema } from './TileAddress';

describe('tileAddressSchema', () => {
  it('is built once per pair of zooms', () => {
    expect(tileAddressSchema(0, 14)).toBe(tileAddressSchema(0, 14));
    expect(tileAddressSchema(0, 14)).not.toBe(tileAddressSchema(0, 15));
  });

  it('coerces the path parameters and refuses a zoom or a tile outside the grid', () => {
    const schema = tileAddressSchema(2, 14);
    expect(schema.parse({ z: '14', x: '8300', y: '5635' })).toEqual({ z: 14, x: 8300, y: 5635 });
    expect(schema.safeParse({ z: '15', x: '0', y: '0' }).success).toBe(false);
    expect(schema.safeParse({ z: '1', x: '0', y: '0' }).success).toBe(false);
    expect(tileAddressSchema(0, 15).safeParse({ z: '15', x: '0', y: '0' }).success).toBe(true);
    expect(schema.safeParse({ z: '2', x: '4', y: '0' }).success).toBe(false);
    expect(schema.safeParse({ z: '2', x: '3', y: '4' }).success).toBe(false);
  });
});
