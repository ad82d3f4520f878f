import ExcelJS from 'exceljs';
import { BASEMAP_ATTRIBUTION } from '../basemap/basemapStyle';
import type { ExportDocument } from '../../kernel/export/exportDocument';
import {
  EXPORT_SOURCES,
  METRIC_CATEGORIES,
  type MetricDefinition,
  type ExportSourceId,
} from '../../kernel/export/metricCatalogue';
import { missingText, roundedValue, rowsOf } from './exportValues';

/** Excel number formats (Excel fr-FR shows `,` as the decimal comma and a space between thousands). */
function numberFormat(metric: MetricDefinition): string {
  const digits = metric.decimals > 0 ? `.${'0'.repeat(metric.decimals)}` : '';
  if (metric.unit === '€') return `#,##0${digits}\\ "€"`;
  if (metric.unit === '€/m²') return `#,##0${digits}\\ "€/m²"`;
  if (metric.unit === '%') return `0${digits}\\ "%"`;
  return `#,##0${digits}`;
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1E3A8A' } };

/**
 * The workbook: a sheet per category (metrics as rows, zones as columns, numbers typed as numbers with
 * French formats, units and vintages, frozen header), then 'Sources' (every dataset, vintage, licence).
 */
/** The 'Carte' sheet of the special entries: the map as displayed and the choropleth's classes. */
function mapSheet(workbook: ExcelJS.Workbook, document: ExportDocument) {
  const special = document.special;
  if (!special) return;
  const sheet = workbook.addWorksheet('Carte');
  sheet.columns = [
    { header: 'Élément', key: 'item', width: 34 },
    { header: 'Valeur', key: 'value', width: 60 },
    { header: 'Couleur', key: 'colour', width: 12 },
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = HEADER_FILL;
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  if (special.chosen.includes('special.choropleth')) {
    const shown = special.choropleth;
    if (!shown) sheet.addRow({ item: 'Choroplèthe affichée', value: 'aucune visualisation appliquée à la carte' });
    else {
      sheet.addRow({
        item: 'Choroplèthe affichée',
        value: `${shown.indicator}${shown.unit ? ` (${shown.unit})` : ''}`,
      });
      sheet.addRow({ item: 'Niveau géographique', value: shown.level });
      sheet.addRow({ item: 'Opacité', value: `${shown.opacity} %` });
      shown.classes.forEach((entry, index) => {
        const row = sheet.addRow({
          item: `Classe ${index + 1}`,
          value: `${entry.label}${shown.unit ? ` ${shown.unit}` : ''}`,
          colour: entry.colour,
        });
        row.getCell(3).fill = {
          type: 'pattern',
          pattern: 'solid',
          fgColor: { argb: `FF${entry.colour.slice(1).toUpperCase()}` },
        };
      });
      sheet.addRow({ item: 'Source', value: shown.source });
    }
  }
  if (special.chosen.includes('special.map_view')) {
    const view = special.mapView;
    sheet.addRow({
      item: 'Vue de la carte',
      value: view
        ? `${view.width} × ${view.height} px, zoom ${view.zoom.toFixed(1)}, ouest ${view.bounds.west.toFixed(4)}, sud ${view.bounds.south.toFixed(4)}, est ${view.bounds.east.toFixed(4)}, nord ${view.bounds.north.toFixed(4)} ; fond de carte : ${BASEMAP_ATTRIBUTION}`
        : 'la carte n’était pas affichée lors de l’export',
    });
    if (view) {
      const image = workbook.addImage({ base64: view.image, extension: 'png' });
      const width = Math.min(900, view.width);
      sheet.addImage(image, {
        tl: { col: 0, row: sheet.rowCount + 1 },
        ext: { width, height: (width * view.height) / view.width },
      });
    }
  }
}

export async function xlsxExport(document: ExportDocument): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Zonalyse';
  workbook.created = new Date(document.generatedAt);
  const rows = rowsOf(document);
  const used = new Map<ExportSourceId, Set<string>>();
  for (const category of METRIC_CATEGORIES) {
    const categoryRows = rows.filter((row) => row.metric.category === category.id);
    if (categoryRows.length === 0) continue;
    const sheet = workbook.addWorksheet(category.label.replace(/[\\/?*[\]:]/g, ''), {
      views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }],
    });
    sheet.columns = [
      { header: 'Sous-catégorie', key: 'sub', width: 28 },
      { header: 'Métrique', key: 'metric', width: 52 },
      ...document.zones.map((zone, index) => ({ header: zone.name, key: `zone${index}`, width: 22 })),
      { header: 'Unité', key: 'unit', width: 14 },
      { header: 'Millésime', key: 'vintage', width: 22 },
      { header: 'Source', key: 'source', width: 48 },
    ];
    const header = sheet.getRow(1);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = HEADER_FILL;
    header.alignment = { vertical: 'middle', wrapText: true };
    for (const { metric, readings } of categoryRows) {
      const vintages = [...new Set(readings.map((reading) => reading.vintage).filter(Boolean))] as string[];
      const sourceVintages = used.get(metric.source) ?? new Set<string>();
      for (const vintage of vintages) sourceVintages.add(vintage);
      used.set(metric.source, sourceVintages);
      const row = sheet.addRow({
        sub: metric.subCategory,
        metric: metric.label,
        unit: metric.unit,
        vintage: vintages.join(', '),
        source: EXPORT_SOURCES[metric.source].label,
        ...Object.fromEntries(
          readings.map((reading, index) => [
            `zone${index}`,
            reading.value === null ? missingText(reading) : roundedValue(metric, reading.value),
          ]),
        ),
      });
      readings.forEach((reading, index) => {
        const cell = row.getCell(`zone${index}`);
        if (reading.value === null) cell.font = { italic: true, color: { argb: 'FF6B7280' } };
        else cell.numFmt = numberFormat(metric);
      });
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 2 } };
  }

  mapSheet(workbook, document);
  const sources = workbook.addWorksheet('Sources', { views: [{ state: 'frozen', ySplit: 1 }] });
  sources.columns = [
    { header: 'Jeu de données', key: 'label', width: 60 },
    { header: 'Producteur', key: 'producer', width: 36 },
    { header: 'Millésime', key: 'vintage', width: 26 },
    { header: 'Licence', key: 'licence', width: 40 },
    { header: 'Territoire', key: 'territory', width: 14 },
    { header: 'Démonstration', key: 'demo', width: 16 },
  ];
  sources.getRow(1).font = { bold: true, color: { argb: 'FFFFFFFF' } };
  sources.getRow(1).fill = HEADER_FILL;
  for (const [source, vintages] of used) {
    const definition = EXPORT_SOURCES[source];
    sources.addRow({
      label: definition.label,
      producer: definition.producer,
      vintage: [...vintages].join(', '),
      licence: definition.licence,
      territory: '',
      demo: '',
    });
  }
  sources.addRow({});
  sources.addRow({ label: 'Registre des jeux importés (reproductibilité)' }).font = { bold: true };
  for (const dataset of document.datasets) {
    sources.addRow({
      label: `${dataset.label} [${dataset.source}]`,
      vintage: dataset.vintage,
      territory: dataset.territory,
      demo: dataset.demo ? 'oui (données dérivées)' : 'non',
    });
  }
  sources.addRow({});
  sources.addRow({ label: `Zonalyse ${document.appVersion}, généré le ${document.generatedAt}` });
  sources.addRow({ label: `Requête : ${JSON.stringify(document.request)}` });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
