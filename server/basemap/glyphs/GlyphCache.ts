import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderGlyphRange, type FontName } from './glyphRange';

/** Bumped when glyph rendering changes. */
const GLYPHS_VERSION = 'glyphs-1';

/**
 * Glyph PBFs rendered once and kept in memory and, when a cache folder is given, on disk (a range
 * takes about a second to render; fonts never change between releases).
 */
export class GlyphCache {
  private readonly ranges = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly directory: string | undefined) {}

  get(font: FontName, start: number): Promise<Uint8Array> {
    const key = `${font}/${start}`;
    let range = this.ranges.get(key);
    if (!range) {
      range = this.load(font, start);
      this.ranges.set(key, range);
    }
    return range;
  }

  private async load(font: FontName, start: number): Promise<Uint8Array> {
    const path = this.directory
      ? join(this.directory, GLYPHS_VERSION, font.replaceAll(' ', '_'), `${start}.pbf`)
      : undefined;
    if (path) {
      const stored = await readFile(path).catch(() => undefined);
      if (stored) return stored;
    }
    const bytes = renderGlyphRange(font, start);
    if (path) {
      try {
        await mkdir(join(path, '..'), { recursive: true });
        await writeFile(`${path}.${process.pid}.part`, bytes);
        await rename(`${path}.${process.pid}.part`, path);
      } catch {
        // Only an optimisation: the range is rendered again next start.
      }
    }
    return bytes;
  }
}
