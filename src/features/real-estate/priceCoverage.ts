import { formatNumber, formatShortDate } from '../../../kernel/format/formatFrench';
import type { PricePerM2Figure } from '../../../kernel/real-estate/realEstateSchemas';

/** "12 ventes, du 02/04/2025 au 27/06/2025": what a median covers. */
export function coverageOf(figure: Pick<PricePerM2Figure, 'count' | 'first_date' | 'last_date'>): string {
  const sales = `${formatNumber(figure.count)} vente${figure.count > 1 ? 's' : ''}`;
  if (!figure.first_date || !figure.last_date) return sales;
  return `${sales}, du ${formatShortDate(figure.first_date)} au ${formatShortDate(figure.last_date)}`;
}
