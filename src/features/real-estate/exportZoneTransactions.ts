import { tableFromIPC } from 'apache-arrow';
import { transactionsToCsv } from './transactionsToCsv';
import type { RealEstateLot } from '../../../kernel/real-estate/realEstateTypes';
import type { Zone } from '../../../kernel/zones/Zone';
import { lotFromArrow } from '../../../workers/real-estate/lotFromArrow';
import { realEstateApi } from './realEstateApi';

/** Every lot of an Arrow IPC stream of the zone-transactions endpoint. */
export function lotsFromArrow(arrow: ArrayBuffer): RealEstateLot[] {
  return tableFromIPC(new Uint8Array(arrow))
    .toArray()
    .map((row: { toJSON(): Record<string, unknown> }) => lotFromArrow(row.toJSON()));
}

/** Downloads the zone's transactions as a French CSV (`;`, BOM). Returns the number of lots. */
export async function exportZoneTransactions(zone: Zone): Promise<number> {
  const lots = lotsFromArrow(await realEstateApi.zoneTransactionsArrow(zone, {}));
  const blob = new Blob([transactionsToCsv(lots)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `transactions-dvf-${zone.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return lots.length;
}
