import { tableFromIPC } from 'apache-arrow';
import type { RealEstateLot } from '../../../kernel/real-estate/realEstateTypes';
import { lotFromArrow } from '../../../workers/real-estate/lotFromArrow';

/** Every lot of an Arrow IPC stream of the zone-transactions endpoint. */
export function lotsFromArrow(arrow: ArrayBuffer): RealEstateLot[] {
  return tableFromIPC(new Uint8Array(arrow))
    .toArray()
    .map((row: { toJSON(): Record<string, unknown> }) => lotFromArrow(row.toJSON()));
}
