/** Where progress is written; a TTY gets a redrawn bar, anything else a line per 10 %. */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

const numberFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export function formatDuration(milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * Progress of one dataset load: rows, rows/s and ETA. The fraction comes from the bytes read of the
 * raw file (or rows over a known total).
 */
export class ImportProgress {
  private readonly startedAt = performance.now();
  private rows = 0;
  private fraction = 0;
  private lastDecile = -1;
  private lastDraw = 0;

  constructor(
    readonly label: string,
    private readonly output: ProgressOutput = process.stdout,
  ) {}

  /** Records the rows done and the fraction (0–1) of the work done. */
  update(rows: number, fraction: number): void {
    this.rows = rows;
    this.fraction = Math.min(1, Math.max(0, fraction));
    const now = performance.now();
    if (this.output.isTTY) {
      if (now - this.lastDraw < 100 && this.fraction < 1) return;
      this.lastDraw = now;
      this.output.write(`\r${this.describe(true)}\u001b[K`);
      return;
    }
    const decile = Math.floor(this.fraction * 10);
    if (decile > this.lastDecile && decile < 10) {
      this.lastDecile = decile;
      this.output.write(`${this.describe(false)}\n`);
    }
  }

  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  get rowsPerSecond(): number {
    return this.rows / Math.max(this.elapsedMs / 1000, 1e-3);
  }

  /** Clears the bar and prints the summary line. */
  finish(rows: number, note = ''): void {
    this.rows = rows;
    const line = `  ✓ ${this.label} : ${numberFormat.format(rows)} lignes en ${formatDuration(this.elapsedMs)} (${numberFormat.format(this.rowsPerSecond)} lignes/s)${note}`;
    this.output.write(this.output.isTTY ? `\r${line}\u001b[K\n` : `${line}\n`);
  }

  private describe(withBar: boolean): string {
    const percent = Math.floor(this.fraction * 100);
    const width = 24;
    const filled = Math.round(this.fraction * width);
    const bar = withBar ? `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ` : '';
    const remaining = this.fraction > 0.01 ? (this.elapsedMs * (1 - this.fraction)) / this.fraction : undefined;
    const eta = remaining === undefined ? '' : `, reste ≈ ${formatDuration(remaining)}`;
    return `  ${bar}${this.label} ${percent} % — ${numberFormat.format(this.rows)} lignes, ${numberFormat.format(this.rowsPerSecond)} lignes/s${eta}`;
  }
}
