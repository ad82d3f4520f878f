import { describe, expect, it } from 'vitest';
import { ZoneMarketService } from './ZoneMarketService';

describe('ZoneMarketService.huffApplies', () => {
  it('runs the Huff model only from walking (5–20 min) or cycling (5–10 min) isochrones in time', () => {
    const zone = (transport_mode: string, travel_time: number, zone_type = 'time') => ({
      transport_mode,
      travel_time,
      zone_type,
    });
    expect(ZoneMarketService.huffApplies(zone('walking', 10))).toBe(true);
    expect(ZoneMarketService.huffApplies(zone('walking', 20))).toBe(true);
    expect(ZoneMarketService.huffApplies(zone('walking', 25))).toBe(false);
    expect(ZoneMarketService.huffApplies(zone('cycling', 10))).toBe(true);
    expect(ZoneMarketService.huffApplies(zone('cycling', 15))).toBe(false);
    expect(ZoneMarketService.huffApplies(zone('driving', 10))).toBe(false);
    expect(ZoneMarketService.huffApplies(zone('walking', 3))).toBe(false);
    expect(ZoneMarketService.huffApplies(zone('walking', 10, 'distance'))).toBe(false);
  });
});
