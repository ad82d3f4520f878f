import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woffToSfnt';

const require = createRequire(import.meta.url);
const WOFF = readFileSync(
  join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files', 'noto-sans-latin-400-normal.woff'),
);

describe('woffToSfnt', () => {
  it('unwraps the WOFF into the OpenType font it holds, which pdfkit embeds', async () => {
    const sfnt = woffToSfnt(WOFF);
    expect(sfnt.readUInt32BE(0)).toBe(WOFF.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(WOFF.readUInt16BE(12));
    // The declared size of the sfnt in the WOFF header is what comes out.
    expect(sfnt.length).toBe(WOFF.readUInt32BE(16));
    const doc = new PDFDocument({ compress: false });
    doc.registerFont('noto', sfnt);
    doc.font('noto').text('Étude de marché locale — 1 234 €/m²');
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.end();
    await ended;
    const pdf = Buffer.concat(chunks).toString('latin1');
    expect(pdf).toContain('/FontFile2');
    expect(pdf).toContain('NotoSans');
  });

  it('refuses a file that is not WOFF', () => {
    expect(() => woffToSfnt(Buffer.from('OTTO0000000000000000'))).toThrow('Police WOFF attendue');
  });
});
