import type { Queryable } from '../db/Database';
import { selectNafCodes } from './businessesRepository';

export interface NafEntry {
  code: string;
  level: number;
  label: string;
  label_65: string;
  label_40: string;
  parent_code: string | null;
  section_code: string;
}

/** The NAF rév. 2 catalogue in memory (≈ 1,700 rows), re-read at most once a minute. */
export class NafCatalogue {
  private entries: Map<string, NafEntry> | undefined;
  private loadedAt = 0;

  constructor(
    private readonly database: Queryable,
    private readonly maxAgeMs = 60_000,
  ) {}

  async all(): Promise<Map<string, NafEntry>> {
    if (!this.entries || performance.now() - this.loadedAt > this.maxAgeMs) {
      const rows = await selectNafCodes(this.database);
      this.entries = new Map(rows.map((row) => [row.code, row]));
      this.loadedAt = performance.now();
    }
    return this.entries;
  }

  async label(code: string | null): Promise<string | null> {
    return code ? ((await this.all()).get(code)?.label ?? null) : null;
  }

  /** The codes that the catalogue does not hold (a loaded catalogue is required to judge). */
  async unknownCodes(codes: readonly string[]): Promise<string[]> {
    const entries = await this.all();
    if (entries.size === 0) return [];
    return codes.filter((code) => !entries.has(code));
  }
}
