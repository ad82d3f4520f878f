import { defaultZoneParameters, nextMondayDeparture, type ZoneCreationParameters } from './zoneCreation';

const STORAGE_KEY = 'zone-creation-parameters';

/** The zone creation parameters are the only ones kept locally. */
export function loadCreationParameters(): ZoneCreationParameters {
  const defaults = defaultZoneParameters();
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ZoneCreationParameters> | null;
    if (!stored || typeof stored !== 'object') return defaults;
    return {
      transportMode: ['driving', 'walking', 'cycling', 'public-transport'].includes(String(stored.transportMode))
        ? (stored.transportMode as ZoneCreationParameters['transportMode'])
        : defaults.transportMode,
      travelTime: typeof stored.travelTime === 'number' ? stored.travelTime : defaults.travelTime,
      zoneType: stored.zoneType === 'distance' ? 'distance' : 'time',
      zoneDistance: typeof stored.zoneDistance === 'number' ? stored.zoneDistance : defaults.zoneDistance,
      // A past departure is moved to the next Monday.
      departureTime:
        typeof stored.departureTime === 'string' && Date.parse(stored.departureTime) > Date.now()
          ? stored.departureTime
          : nextMondayDeparture(),
    };
  } catch {
    return defaults;
  }
}

export function saveCreationParameters(parameters: ZoneCreationParameters): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(parameters));
  } catch {
    // storage full or disabled: the parameters simply are not kept
  }
}
