import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import Pbf from 'pbf';
import { GLYPH_SIZE, renderSdfGlyph, type SdfGlyph } from './sdfGlyph';

const require = createRequire(import.meta.url);

/** The fonts we serve, each from the Noto Sans files (SIL OFL) of @fontsource/noto-sans: Latin first, then Latin Extended. */
const FONT_FILES = {
  'Noto Sans Regular': ['noto-sans-latin-400-normal.woff', 'noto-sans-latin-ext-400-normal.woff'],
  'Noto Sans Bold': ['noto-sans-latin-700-normal.woff', 'noto-sans-latin-ext-700-normal.woff'],
} as const;

export type FontName = keyof typeof FONT_FILES;
export const FONT_NAMES = Object.keys(FONT_FILES) as FontName[];

const loaded = new Map<FontName, opentype.Font[]>();

function fontsOf(name: FontName): opentype.Font[] {
  let fonts = loaded.get(name);
  if (!fonts) {
    fonts = FONT_FILES[name].map((file) => {
      const bytes = readFileSync(require.resolve(`@fontsource/noto-sans/files/${file}`));
      return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    });
    loaded.set(name, fonts);
  }
  return fonts;
}

/** The first font of a comma-separated font stack that we have (MapLibre joins `text-font` with commas). */
export function resolveFontStack(fontstack: string): FontName | undefined {
  return fontstack
    .split(',')
    .map((font) => font.trim())
    .find((font): font is FontName => font in FONT_FILES);
}

function writeGlyph(glyph: SdfGlyph, pbf: Pbf): void {
  pbf.writeVarintField(1, glyph.id);
  if (glyph.bitmap.length > 0) pbf.writeBytesField(2, glyph.bitmap);
  pbf.writeVarintField(3, glyph.width);
  pbf.writeVarintField(4, glyph.height);
  pbf.writeSVarintField(5, glyph.left);
  pbf.writeSVarintField(6, glyph.top);
  pbf.writeVarintField(7, glyph.advance);
}

function writeStack(stack: { name: string; range: string; glyphs: SdfGlyph[] }, pbf: Pbf): void {
  pbf.writeStringField(1, stack.name);
  pbf.writeStringField(2, stack.range);
  for (const glyph of stack.glyphs) pbf.writeMessage(3, writeGlyph, glyph);
}

/**
 * The glyph PBF of 256 code points starting at `start` (a multiple of 256) for one of our fonts:
 * every code point the font covers, as an SDF glyph. Code points it lacks are left out.
 */
export function renderGlyphRange(font: FontName, start: number): Uint8Array {
  const fonts = fontsOf(font);
  const glyphs: SdfGlyph[] = [];
  for (let codePoint = start; codePoint < start + 256; codePoint += 1) {
    const character = String.fromCodePoint(codePoint);
    const source = fonts.find((candidate) => candidate.charToGlyphIndex(character) > 0);
    if (!source) continue;
    const glyph = source.charToGlyph(character);
    const scale = GLYPH_SIZE / source.unitsPerEm;
    const path = glyph.getPath(0, 0, GLYPH_SIZE);
    glyphs.push(
      renderSdfGlyph(codePoint, path.commands, (glyph.advanceWidth ?? 0) * scale, Math.round(source.ascender * scale)),
    );
  }
  const pbf = new Pbf();
  pbf.writeMessage(1, writeStack, { name: font, range: `${start}-${start + 255}`, glyphs });
  return pbf.finish();
}
