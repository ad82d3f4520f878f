import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { parseInput } from '../http/parseInput';
import { canExport, consumeExportQuota, limitReached, accessLevelOf } from '../subscription/tierGate';
import { documented } from '../openapi/documented';
import {
  EXPORT_CONTENT_TYPES,
  exportFileName,
  exportRequestSchema,
  shortZoneNames,
} from '../../kernel/export/exportSchemas';
import { EXPORT_SOURCES, METRIC_CATALOGUE } from '../../kernel/export/metricCatalogue';
import { ExportService } from './ExportService';
import { ExportFileThread } from './ExportFileThread';
import { csvExport } from './csvExport';
import { ExportShareService } from './ExportShareService';
import {
  exportShareAnswerSchema,
  exportShareCreatedSchema,
  exportShareRequestSchema,
  MAX_SHARE_REQUEST_BYTES,
  shareTokenParametersSchema,
} from '../../kernel/export/exportShare';
import { badRequest, notFound } from '../http/HttpError';

const catalogueResponse = z.object({
  metrics: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      unit: z.string(),
      category: z.string(),
      sub_category: z.string(),
      source: z.string(),
      source_label: z.string(),
      licence: z.string(),
    }),
  ),
});

/**
 * The export: the metric catalogue, and `POST /api/export` which writes the chosen metrics of the
 * user's saved zones as CSV, XLSX or PDF. Gated by tier (anonymous and Free refused with the product's
 * message; Light and Pro counted in the month's exports). The file is built off the event loop.
 */
export const exportRoutes: RouteModule = (app, { database, clock }) => {
  const service = new ExportService(database);
  const thread = new ExportFileThread();
  const shares = new ExportShareService(database, service);
  app.addHook('onClose', async () => thread.close());

  app.get(
    '/export/metrics',
    documented({
      tag: 'export',
      summary: 'Catalogue des métriques exportables (identifiant, libellé, unité, catégorie, source)',
      description:
        'Le panneau d’export le lit à son ouverture, ce qui prépare aussi le fil de construction des fichiers et les ' +
        'temps de marche aux services publics.',
      response: catalogueResponse,
    }),
    async () => {
      thread.warm();
      service.warm();
      return {
        metrics: METRIC_CATALOGUE.map((metric) => ({
          id: metric.id,
          label: metric.label,
          unit: metric.unit,
          category: metric.category,
          sub_category: metric.subCategory,
          source: metric.source,
          source_label: EXPORT_SOURCES[metric.source].label,
          licence: EXPORT_SOURCES[metric.source].licence,
        })),
      };
    },
  );

  app.post(
    '/export',
    documented({
      tag: 'export',
      summary: 'Exporte des métriques de zones enregistrées en CSV, Excel (.xlsx) ou PDF (étude de marché locale)',
      description:
        '400 sans zone, sans métrique ou pour une métrique inconnue (le champ est nommé) ; 403 « Limite atteinte » ' +
        'pour un visiteur anonyme, l’offre Gratuite ou un quota mensuel épuisé ; 404 pour une zone d’un autre utilisateur.',
      body: exportRequestSchema,
      response: {
        contentType: 'application/octet-stream',
        description: 'Le fichier (CSV, XLSX ou PDF), en pièce jointe',
      },
    }),
    async (request, reply) => {
      const body = parseInput(exportRequestSchema, request.body, 'body');
      const user = request.user;
      if (!user || !canExport(user)) throw limitReached({ tier: accessLevelOf(user) });
      if (service.metricsOf(body.metric_ids).length === 0 && body.format !== 'pdf' && body.format !== 'xlsx') {
        const message = 'la vue de la carte et la choroplèthe ne s’exportent qu’en PDF ou Excel : ajoutez une métrique';
        throw badRequest(`corps « metric_ids » : ${message}`, { errors: [{ field: 'metric_ids', message }] });
      }
      const zones = await service.zonesOf(user, body.zone_ids);
      const now = clock ? clock() : new Date();
      await consumeExportQuota(database, user, now);
      const document = await service.document(user, body, now, request);
      // A CSV is a few milliseconds of string joining; a workbook or a PDF is built off the event loop.
      const file = body.format === 'csv' ? csvExport(document) : await thread.build(document);
      const name = exportFileName(shortZoneNames(zones.map((zone) => zone.name)), body.format, now);
      return reply
        .type(EXPORT_CONTENT_TYPES[body.format])
        .header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('X-Export-File-Name', name)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(file));
    },
  );

  app.post(
    '/export/shares',
    {
      ...documented({
        tag: 'export',
        summary: 'Crée un lien de partage en lecture seule : les chiffres choisis des zones, figés',
        description:
          'Mêmes règles que l’export (403 « Limite atteinte » pour un visiteur anonyme ou l’offre Gratuite, compté ' +
          'dans les exports du mois ; 404 pour une zone d’un autre utilisateur). Le jeton n’est montré qu’une fois ' +
          '(la base n’en garde que l’empreinte SHA-256) ; `expires_in_days` (1 à 365, null : sans expiration). ' +
          `Corps limité à ${MAX_SHARE_REQUEST_BYTES / 1024} ko (413 au-delà).`,
        body: exportShareRequestSchema,
        status: 201,
        response: exportShareCreatedSchema,
      }),
      bodyLimit: MAX_SHARE_REQUEST_BYTES,
    },
    async (request, reply) => {
      const body = parseInput(exportShareRequestSchema, request.body, 'body');
      const user = request.user;
      if (!user || !canExport(user)) throw limitReached({ tier: accessLevelOf(user) });
      if (service.metricsOf(body.metric_ids).length === 0) {
        const message = 'sélectionnez au moins une métrique du catalogue (la carte ne se partage pas)';
        throw badRequest(`corps « metric_ids » : ${message}`, { errors: [{ field: 'metric_ids', message }] });
      }
      await service.zonesOf(user, body.zone_ids);
      const now = clock ? clock() : new Date();
      await consumeExportQuota(database, user, now);
      const created = await shares.create(user, body, now, request);
      return reply.status(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  app.get(
    '/export/shares/:token',
    documented({
      tag: 'export',
      summary:
        'Lit une étude partagée (sans compte) : zones, chiffres par catégorie avec source et millésime, date figée',
      description: '404 pour un jeton inconnu ou mal formé, 410 pour un lien expiré.',
      params: shareTokenParametersSchema,
      response: exportShareAnswerSchema,
    }),
    async (request, reply) => {
      const parsed = shareTokenParametersSchema.safeParse(request.params);
      if (!parsed.success) throw notFound('Lien de partage introuvable : vérifiez l’adresse reçue');
      const answer = await shares.read(parsed.data.token, clock ? clock() : new Date());
      return reply.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex').send(answer);
    },
  );
};
