import { createRequire } from 'node:module';
import { BASEMAP_ATTRIBUTION } from '../basemap/basemapStyle';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ExportDocument, ExportGeometry, ExportZone } from '../../kernel/export/exportDocument';
import {
  EXPORT_SOURCES,
  METRIC_CATEGORIES,
  type ExportSourceId,
  type MetricDefinition,
  type MetricReading,
} from '../../kernel/export/metricCatalogue';
import { barChartSvg, chartable, chartReading, ZONE_COLOURS } from './exportCharts';
import { formatFrench, frenchInteger, missingText, rowsOf, unitText } from './exportValues';
import { woffToSfnt } from './woffToSfnt';

const require = createRequire(import.meta.url);
const FONT_DIRECTORY = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');
/** Noto Sans (vendored by @fontsource, unwrapped from WOFF once), embedded and subset by pdfkit: text stays selectable. */
const FONTS = {
  regular: woffToSfnt(readFileSync(join(FONT_DIRECTORY, 'noto-sans-latin-400-normal.woff'))),
  bold: woffToSfnt(readFileSync(join(FONT_DIRECTORY, 'noto-sans-latin-700-normal.woff'))),
};

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 20;
const INK = '#111827';
const MUTED = '#6b7280';
const ACCENT = '#1e3a8a';

/** The key figures of the summary page, when selected. */
const KEY_METRICS = [
  'population.total',
  'population.density',
  'households.count',
  'revenue.median',
  'unemployment.rate',
  'businesses.total',
  'public_services.total',
  'real_estate.apartment.median',
  'real_estate.sales',
];

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(new Date(iso));

function valueText(metric: MetricDefinition, reading: MetricReading | undefined): string {
  if (!reading || reading.value === null) return reading ? missingText(reading) : 'non disponible';
  return `${formatFrench(metric, reading.value)} ${unitText(metric, reading.value)}`;
}

/** The distinct vintages of readings (each may list several, comma-separated), in order of appearance. */
function vintagesOf(readings: readonly MetricReading[]): string[] {
  return [...new Set(readings.flatMap((reading) => (reading.vintage ?? '').split(', ')).filter(Boolean))];
}

type Doc = PDFKit.PDFDocument;

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function heading(doc: Doc, text: string, size: number) {
  ensureSpace(doc, size * 3);
  doc
    .moveDown(0.4)
    .font('bold')
    .fontSize(size)
    .fillColor(ACCENT)
    .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3).fillColor(INK).font('regular');
}

/** The outer rings of a polygon or multipolygon. */
function outerRings(geometry: ExportGeometry): [number, number][][] {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as [
    number,
    number,
  ][][][];
  return polygons.map((polygon) => polygon[0] ?? []).filter((ring) => ring.length >= 3);
}

/**
 * The zones' outlines in a framed box, each in its colour, projected with the latitude's scale, over the
 * basemap of the communes around them (clipped to the box, named at their centre when it falls inside).
 */
function drawOutlines(
  doc: Doc,
  zones: readonly ExportZone[],
  basemap: NonNullable<ExportDocument['basemap']>,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  doc.save().rect(x, y, width, height).fillAndStroke('#eef2f7', '#cbd5e1').restore();
  const points = zones.flatMap((zone) => zone.outline);
  if (points.length === 0) return;
  const longitudes = points.map((point) => point[0]);
  const latitudes = points.map((point) => point[1]);
  const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
  const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
  const cos = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const spanX = Math.max((east - west) * cos, 1e-6);
  const spanY = Math.max(north - south, 1e-6);
  const scale = Math.min((width - 30) / spanX, (height - 30) / spanY);
  const offsetX = x + (width - spanX * scale) / 2;
  const offsetY = y + (height - spanY * scale) / 2;
  const project = ([lon, lat]: [number, number]): [number, number] => [
    offsetX + (lon - west) * cos * scale,
    offsetY + (north - lat) * scale,
  ];
  doc.save().rect(x, y, width, height).clip();
  for (const commune of basemap) {
    for (const ring of outerRings(commune.geometry)) {
      const [first, ...rest] = ring.map(project);
      doc.moveTo(...(first as [number, number]));
      for (const point of rest) doc.lineTo(...point);
      doc.closePath();
    }
    doc.lineWidth(0.6).fillAndStroke('#f8fafc', '#94a3b8');
  }
  doc.font('regular').fontSize(6.5).fillColor(MUTED);
  for (const commune of basemap) {
    const ring = outerRings(commune.geometry)[0];
    if (!ring) continue;
    const [centreX, centreY] = project([
      ring.reduce((sum, point) => sum + point[0], 0) / ring.length,
      ring.reduce((sum, point) => sum + point[1], 0) / ring.length,
    ]);
    const labelWidth = doc.widthOfString(commune.name);
    if (centreX - labelWidth / 2 < x + 4 || centreX + labelWidth / 2 > x + width - 4) continue;
    if (centreY < y + 6 || centreY > y + height - 24) continue;
    doc.text(commune.name, centreX - labelWidth / 2, centreY - 3, { lineBreak: false });
  }
  doc.restore();
  doc.save().rect(x, y, width, height).lineWidth(1).stroke('#cbd5e1').restore();
  zones.forEach((zone, index) => {
    if (zone.outline.length < 3) return;
    const colour = ZONE_COLOURS[index % ZONE_COLOURS.length] as string;
    const [first, ...rest] = zone.outline.map(project);
    doc.save().moveTo(...(first as [number, number]));
    for (const point of rest) doc.lineTo(...point);
    doc.closePath().fillOpacity(0.25).fillAndStroke(colour, colour).restore();
  });
  // Scale bar: a round number of kilometres near a quarter of the width.
  const kmPerPoint = 111.32 / scale;
  const target = (width / 4) * kmPerPoint;
  const magnitude = 10 ** Math.floor(Math.log10(target));
  const km =
    [1, 2, 5, 10]
      .map((step) => step * magnitude)
      .filter((value) => value <= target)
      .at(-1) ?? magnitude;
  const barLength = km / kmPerPoint;
  doc
    .save()
    .moveTo(x + 12, y + height - 14)
    .lineTo(x + 12 + barLength, y + height - 14)
    .lineWidth(2)
    .stroke(INK)
    .restore();
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(INK)
    .text(`${km >= 1 ? frenchInteger(km) : String(km).replace('.', ',')} km`, x + 16 + barLength, y + height - 19, {
      lineBreak: false,
    });
}

function cover(doc: Doc, document: ExportDocument) {
  doc.rect(0, 0, PAGE.width, 150).fill(ACCENT);
  doc.fillColor('#ffffff').font('bold').fontSize(28).text('Étude de marché locale', PAGE.margin, 55);
  doc
    .font('regular')
    .fontSize(12)
    .text('État local du marché — Code de commerce, art. L.330-3 et R.330-1', PAGE.margin, 95);
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(16)
    .text(document.zones.map((zone) => zone.name).join(' · '), PAGE.margin, 180, {
      width: CONTENT_WIDTH,
    });
  doc.font('regular').fontSize(11).fillColor(MUTED);
  for (const zone of document.zones) doc.text(`${zone.name} — ${zone.place}`, { width: CONTENT_WIDTH });
  doc
    .moveDown(0.5)
    .fillColor(INK)
    .text(`Établie le ${longDate(document.generatedAt)} avec Zonalyse ${document.appVersion}.`);
  const mapTop = doc.y + 20;
  drawOutlines(doc, document.zones, document.basemap ?? [], PAGE.margin, mapTop, CONTENT_WIDTH, 330);
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      document.basemap?.length
        ? 'Contour des zones étudiées (projection équirectangulaire locale). Fond : limites des communes et arrondissements (IGN Admin Express).'
        : 'Contour des zones étudiées (projection équirectangulaire locale).',
      PAGE.margin,
      mapTop + 336,
      { width: CONTENT_WIDTH },
    );
  if (document.zones.length > 1) {
    document.zones.forEach((zone, index) => {
      doc
        .save()
        .rect(PAGE.margin, doc.y + 4, 10, 8)
        .fill(ZONE_COLOURS[index % ZONE_COLOURS.length] as string)
        .restore();
      doc.fillColor(INK).text(zone.name, PAGE.margin + 16, doc.y + 3, { width: CONTENT_WIDTH - 16 });
    });
  }
}

function keyFigures(doc: Doc, document: ExportDocument, rows: ReturnType<typeof rowsOf>) {
  doc.addPage();
  heading(doc, 'Chiffres clés', 20);
  const keys = rows.filter((row) => KEY_METRICS.includes(row.metric.id));
  const shown = keys.length > 0 ? keys : rows.slice(0, 8);
  const columns = 2;
  const boxWidth = (CONTENT_WIDTH - 12) / columns;
  const boxHeight = 34 + 16 * document.zones.length;
  shown.forEach((row, index) => {
    if (index % columns === 0) ensureSpace(doc, boxHeight + 10);
    const x = PAGE.margin + (index % columns) * (boxWidth + 12);
    const y = index % columns === 0 ? doc.y : doc.y - boxHeight - 10;
    doc.save().roundedRect(x, y, boxWidth, boxHeight, 6).fillAndStroke('#f8fafc', '#cbd5e1').restore();
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(MUTED)
      .text(row.metric.label, x + 10, y + 8, { width: boxWidth - 20, height: 14, ellipsis: true });
    document.zones.forEach((zone, zoneIndex) => {
      const text = valueText(row.metric, row.readings[zoneIndex]);
      doc
        .font('bold')
        .fontSize(12)
        .fillColor(ZONE_COLOURS[zoneIndex % ZONE_COLOURS.length] as string)
        .text(document.zones.length > 1 ? `${text}  (${zone.name})` : text, x + 10, y + 24 + 16 * zoneIndex, {
          width: boxWidth - 20,
          height: 16,
          ellipsis: true,
        });
    });
    doc.x = PAGE.margin;
    doc.y = y + boxHeight + 10;
  });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Sources et millésimes de chaque chiffre : tableaux des sections suivantes et annexe.',
      PAGE.margin,
      doc.y + 4,
    );
}

/** A table: metric, one column per zone (side by side), and the footnote of its sources and vintages. */
function table(
  doc: Doc,
  zones: readonly ExportZone[],
  rows: ReturnType<typeof rowsOf>,
  footnotes: Map<string, number>,
  keepWithLastRows = 0,
) {
  const labelWidth = zones.length > 2 ? 170 : 230;
  const zoneWidth = (CONTENT_WIDTH - labelWidth) / zones.length;
  const headerHeight = 18;
  const drawHeader = () => {
    const y = doc.y;
    doc.save().rect(PAGE.margin, y, CONTENT_WIDTH, headerHeight).fill('#e0e7ff').restore();
    doc
      .font('bold')
      .fontSize(8)
      .fillColor(INK)
      .text('Indicateur', PAGE.margin + 4, y + 5, { width: labelWidth - 8, lineBreak: false });
    zones.forEach((zone, index) => {
      doc.text(zone.name, PAGE.margin + labelWidth + index * zoneWidth, y + 5, {
        width: zoneWidth - 6,
        align: 'right',
        height: 10,
        ellipsis: true,
      });
    });
    doc.y = y + headerHeight;
  };
  const notes = rows.map((row) => {
    const key = footnoteKey(row);
    if (!footnotes.has(key)) footnotes.set(key, footnotes.size + 1);
    return footnotes.get(key) as number;
  });
  const heights = rows.map((row, index) => {
    const labelHeight = doc
      .font('regular')
      .fontSize(8)
      .heightOfString(`${row.metric.label} (${notes[index]})`, { width: labelWidth - 8 });
    return Math.max(16, labelHeight + 6);
  });
  // The last two rows stay with what must follow the table (its footnotes): no page of footnotes alone.
  const tailStart = Math.max(0, rows.length - 2);
  const tailHeight = heights.slice(tailStart).reduce((sum, height) => sum + height, 0) + keepWithLastRows;
  ensureSpace(doc, headerHeight + 18 * Math.min(rows.length, 3));
  drawHeader();
  let pageTop = doc.y;
  rows.forEach((row, index) => {
    const note = notes[index] as number;
    const height = heights[index] as number;
    const needed = index === tailStart ? Math.max(height, tailHeight) : height;
    if (doc.y + needed > BOTTOM && (doc.y > pageTop || doc.y + height > BOTTOM)) {
      doc.addPage();
      drawHeader();
      pageTop = doc.y;
    }
    const y = doc.y;
    if (index % 2 === 1) doc.save().rect(PAGE.margin, y, CONTENT_WIDTH, height).fill('#f8fafc').restore();
    doc.fillColor(INK).text(`${row.metric.label} `, PAGE.margin + 4, y + 4, { width: labelWidth - 8, continued: true });
    doc.fillColor(MUTED).fontSize(6).text(`(${note})`);
    zones.forEach((_zone, zoneIndex) => {
      const reading = row.readings[zoneIndex];
      doc
        .font(reading?.value === null ? 'regular' : 'bold')
        .fontSize(8)
        .fillColor(reading?.value === null ? MUTED : INK)
        .text(valueText(row.metric, reading), PAGE.margin + labelWidth + zoneIndex * zoneWidth, y + 4, {
          width: zoneWidth - 6,
          align: 'right',
        });
    });
    doc.font('regular');
    doc.y = y + height;
  });
  doc.x = PAGE.margin;
}

/** The footnote of a row: its source and the vintages of its figures. */
const footnoteKey = (row: ReturnType<typeof rowsOf>[number]) =>
  `${row.metric.source}\u0000${vintagesOf(row.readings).join(', ')}`;

/** The height of a category's footnotes, as `sections` writes them. */
function footnotesHeight(doc: Doc, footnotes: Map<string, number>): number {
  doc.font('regular').fontSize(7);
  let height = doc.currentLineHeight() * 0.3;
  for (const [key, number] of footnotes)
    height += doc.heightOfString(footnoteText(key, number), { width: CONTENT_WIDTH });
  return height;
}

function footnoteText(key: string, number: number): string {
  const [source, vintage] = key.split('\u0000') as [ExportSourceId, string];
  const definition = EXPORT_SOURCES[source];
  return `(${number}) ${definition.label} — ${definition.producer}${vintage ? `, ${vintage}` : ''}.`;
}

function sections(doc: Doc, document: ExportDocument, rows: ReturnType<typeof rowsOf>) {
  for (const category of METRIC_CATEGORIES) {
    const categoryRows = rows.filter((row) => row.metric.category === category.id);
    if (categoryRows.length === 0) continue;
    doc.addPage();
    heading(doc, category.label, 20);
    const footnotes = new Map<string, number>();
    // Every footnote of the category, numbered as its tables will number them: their height is kept with
    // the last rows of the last table.
    const allFootnotes = new Map<string, number>();
    for (const row of categoryRows) {
      const key = footnoteKey(row);
      if (!allFootnotes.has(key)) allFootnotes.set(key, allFootnotes.size + 1);
    }
    const subCategories = [...new Set(categoryRows.map((row) => row.metric.subCategory))];
    for (const [subIndex, subCategory] of subCategories.entries()) {
      const subRows = categoryRows.filter((row) => row.metric.subCategory === subCategory);
      const chartRows = { metrics: subRows.map((row) => row.metric), readings: subRows.map((row) => row.readings) };
      const charted = chartable(chartRows);
      const height = Math.min(320, 40 + subRows.length * (10 + 8 * document.zones.length));
      // The heading stays with its chart (or with the first rows of its table).
      ensureSpace(doc, charted ? height + 90 : 90);
      heading(doc, subCategory, 12);
      if (charted) {
        const svg = barChartSvg(chartRows, document.zones, CONTENT_WIDTH, height);
        SVGtoPDF(doc, svg, PAGE.margin, doc.y, {
          width: CONTENT_WIDTH,
          height,
          assumePt: true,
          fontCallback: (_family: string, bold: boolean) => (bold ? 'bold' : 'regular'),
        });
        doc.y += height + 4;
        doc
          .font('regular')
          .fontSize(8)
          .fillColor(INK)
          .text(chartReading(subCategory, chartRows, document.zones), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
        doc.moveDown(0.5);
      }
      const last = subIndex === subCategories.length - 1;
      table(doc, document.zones, subRows, footnotes, last ? footnotesHeight(doc, allFootnotes) + 8 : 0);
      doc.moveDown(0.6);
    }
    ensureSpace(doc, footnotesHeight(doc, footnotes) + 4);
    doc.moveDown(0.3).font('regular').fontSize(7).fillColor(MUTED);
    for (const [key, number] of footnotes)
      doc.text(footnoteText(key, number), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    doc.fillColor(INK);
  }
}

const coordinate = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

/** A legend class as the embedded font can print it ('≥ 25 000' has no glyph there: 'à partir de 25 000'). */
const classLabel = (label: string) => label.replace(/^≥\s*/, 'à partir de ');

/** The page of the special entries: the map as displayed (its PNG) and the choropleth shown with its classes. */
function mapPage(doc: Doc, document: ExportDocument) {
  const special = document.special;
  if (!special) return;
  doc.addPage();
  heading(doc, 'La carte telle qu’affichée', 20);
  if (special.chosen.includes('special.map_view')) {
    const view = special.mapView;
    if (view) {
      const image = Buffer.from(view.image.slice(view.image.indexOf(',') + 1), 'base64');
      const height = Math.min(420, (CONTENT_WIDTH * view.height) / view.width);
      const width = (height * view.width) / view.height;
      doc.image(image, PAGE.margin + (CONTENT_WIDTH - width) / 2, doc.y, { width, height });
      doc.y += height + 6;
      const { west, south, east, north } = view.bounds;
      doc
        .font('regular')
        .fontSize(8)
        .fillColor(MUTED)
        .text(
          `Vue de la carte au moment de l’export (${view.width} × ${view.height} px, zoom ${view.zoom.toFixed(1).replace('.', ',')}) : ` +
            `longitudes ${coordinate.format(west)} à ${coordinate.format(east)}, latitudes ${coordinate.format(south)} à ${coordinate.format(north)}. ` +
            `Fond de carte : ${BASEMAP_ATTRIBUTION}.`,
          PAGE.margin,
          doc.y,
          { width: CONTENT_WIDTH },
        );
    } else {
      doc.font('regular').fontSize(10).fillColor(INK).text('La carte n’était pas affichée lors de l’export.');
    }
    doc.moveDown(1);
  }
  if (special.chosen.includes('special.choropleth')) {
    ensureSpace(doc, 180);
    heading(doc, 'Choroplèthe affichée', 12);
    const shown = special.choropleth;
    if (!shown) {
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(INK)
        .text('Aucune visualisation (choroplèthe) n’était appliquée à la carte lors de l’export.');
      return;
    }
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(
        `${shown.indicator}${shown.unit ? ` (${shown.unit})` : ''} — niveau ${shown.level}, opacité ${shown.opacity} %`,
      );
    doc.moveDown(0.3);
    for (const item of shown.classes) {
      const y = doc.y;
      doc
        .save()
        .rect(PAGE.margin, y + 1, 18, 10)
        .fillOpacity(shown.opacity / 100)
        .fill(item.colour)
        .restore();
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(INK)
        .text(`${classLabel(item.label)}${shown.unit ? ` ${shown.unit}` : ''}`, PAGE.margin + 26, y + 1, {
          width: 260,
          continued: true,
        })
        .fillColor(MUTED)
        .text(`   ${item.colour}`);
      doc.y = Math.max(doc.y, y + 14);
    }
    doc.x = PAGE.margin;
    doc
      .moveDown(0.3)
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Hachures : donnée non disponible. Source : ${shown.source}`, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  }
}

const QUALITY_LABELS = { complete: 'complète', partial: 'partielle', low: 'faible' } as const;

function annex(doc: Doc, document: ExportDocument, rows: ReturnType<typeof rowsOf>) {
  doc.addPage();
  heading(doc, 'Annexe — méthode', 20);
  const paragraph = (text: string) =>
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(INK)
      .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH, align: 'justify' })
      .moveDown(0.5);
  paragraph(
    'Zones. Une zone administrative (commune, arrondissement, département, IRIS) prend ses IRIS entiers par leur code : ' +
      'ses chiffres sont ceux que l’INSEE publie pour ce territoire. Une autre zone (isochrone, polygone dessiné, région) ' +
      'est intersectée avec les contours IRIS : chaque IRIS compte au prorata de la part de sa surface couverte ; ' +
      'les IRIS couverts à moins de 5 % sont ignorés.',
  );
  paragraph(
    'Agrégation. Les effectifs sont des sommes pondérées par la couverture ; les taux sont des rapports de sommes ' +
      '(la méthode de l’INSEE pour un taux sur plusieurs IRIS) ; les revenus médians sont des moyennes pondérées des médianes ' +
      'des IRIS (approximation). Âges moyen et médian : estimés à partir des centres de tranche.',
  );
  paragraph(
    'Immobilier. Ventes DVF (nature « Vente ») ; prix au m² des ventes d’un seul bien, publiés à partir de 3 ventes. ' +
      'Entreprises : établissements actifs géolocalisés dans la zone, toutes sources confondues. Services publics : ' +
      'services géolocalisés dans la zone.',
  );
  paragraph(
    'Valeurs manquantes. « non disponible » signifie que la base n’est pas chargée pour ce territoire : ce n’est jamais zéro. ' +
      '« réservé à l’offre … » signifie que l’offre du compte n’ouvre pas ce chiffre.',
  );
  heading(doc, 'Couverture et qualité des données', 12);
  for (const zone of document.zones) {
    const coverage =
      zone.irisCount === null
        ? 'recensement non chargé pour ce territoire'
        : `${zone.irisCount} IRIS, couverture ${QUALITY_LABELS[zone.coverageQuality ?? 'low']}, ` +
          (zone.selection === 'administrative' ? 'IRIS pris entiers par code' : 'IRIS au prorata de la surface');
    const demo =
      zone.demoEstablishments > 0
        ? ` ; ${frenchInteger(zone.demoEstablishments)} établissements de démonstration (données dérivées, non officielles) inclus`
        : '';
    paragraph(`${zone.name} : ${coverage}${demo}.`);
  }
  const demoDatasets = document.datasets.filter((dataset) => dataset.demo);
  if (demoDatasets.length > 0) {
    paragraph(
      `Données de démonstration (dérivées, signalées comme telles) : ${demoDatasets.map((dataset) => `${dataset.label} (${dataset.vintage})`).join(' ; ')}.`,
    );
  }
  heading(doc, 'Jeux de données', 12);
  const sources = [...new Set(rows.map((row) => row.metric.source))];
  for (const source of sources) {
    const definition = EXPORT_SOURCES[source];
    const vintages = vintagesOf(rows.filter((row) => row.metric.source === source).flatMap((row) => row.readings));
    paragraph(
      `${definition.label} — ${definition.producer} — ${vintages.join(', ') || 'non chargé'} — ${definition.licence}.`,
    );
  }
  heading(doc, 'Reproductibilité', 12);
  doc.font('regular').fontSize(8).fillColor(INK);
  doc.text(`Application : Zonalyse ${document.appVersion} — étude établie le ${document.generatedAt}.`, {
    width: CONTENT_WIDTH,
  });
  doc.text('Millésimes chargés :', { width: CONTENT_WIDTH });
  const register = new Map<string, Set<string>>();
  for (const dataset of document.datasets) {
    const vintages = register.get(dataset.source) ?? new Set<string>();
    vintages.add(dataset.vintage);
    register.set(dataset.source, vintages);
  }
  for (const [source, vintages] of register) {
    ensureSpace(doc, 12);
    doc.text(`• ${source} : ${[...vintages].sort().join(', ')}`, PAGE.margin + 10, doc.y, {
      width: CONTENT_WIDTH - 10,
    });
  }
  // Last and small: the request to send again as it is (every metric id of the study).
  doc.moveDown(0.5).text('Requête, à rejouer telle quelle :', PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc
    .fontSize(6)
    .fillColor(MUTED)
    .text(`POST /api/export ${JSON.stringify(document.request)}`, { width: CONTENT_WIDTH })
    .fillColor(INK);
}

function pageNumbers(doc: Doc, document: ExportDocument) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `Étude de marché locale — ${document.zones.map((zone) => zone.name).join(', ')}`,
        PAGE.margin,
        PAGE.height - 35,
        {
          width: CONTENT_WIDTH - 80,
          lineBreak: false,
          ellipsis: true,
        },
      )
      .text(`Page ${index + 1} sur ${range.count}`, PAGE.width - PAGE.margin - 80, PAGE.height - 35, {
        width: 80,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * The PDF "Étude de marché locale": cover with the zones' outlines, key figures, a section per
 * category (ECharts bar charts as vector SVG, tables with the zones side by side, a sentence of reading
 * per chart, footnotes of sources and vintages), the method annex and the reproducibility block, page
 * numbers. Noto Sans embedded: text selectable and searchable.
 */
export function pdfExport(document: ExportDocument): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    autoFirstPage: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: `Étude de marché locale — ${document.zones.map((zone) => zone.name).join(', ')}`,
      Author: 'Zonalyse',
      Subject: 'État local du marché',
      CreationDate: new Date(document.generatedAt),
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  doc.font('regular');
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const rows = rowsOf(document);
  cover(doc, document);
  if (rows.length > 0) keyFigures(doc, document, rows);
  mapPage(doc, document);
  sections(doc, document, rows);
  annex(doc, document, rows);
  pageNumbers(doc, document);
  doc.end();
  return done;
}
