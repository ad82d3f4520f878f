import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/Database';
import { HttpError, notFound } from '../http/HttpError';
import type { UserRow } from '../account/accountRepository';
import { hashSecret, randomSecret } from '../account/secretTokens';
import {
  freezeExportShare,
  MAX_SHARE_SNAPSHOT_BYTES,
  sharePath,
  type ExportShareAnswer,
  type ExportShareCreated,
  type ExportShareRequest,
} from '../../kernel/export/exportShare';
import type { ExportService } from './ExportService';
import { insertExportShare, selectExportShare } from './exportShareRepository';

const DAY_MS = 86_400_000;

/**
 * Shareable read-only links of a study: the export's figures frozen once (the same catalogue readings as
 * the files, with their sources and vintages) and kept behind a random token that only its creator sees.
 */
export class ExportShareService {
  constructor(
    private readonly database: Database,
    private readonly exports: ExportService,
  ) {}

  /** Freezes the figures of the user's zones and returns the link's token (shown once). */
  async create(
    user: UserRow,
    request: ExportShareRequest,
    now: Date,
    httpRequest: FastifyRequest,
  ): Promise<ExportShareCreated> {
    const document = await this.exports.document(
      user,
      { zone_ids: request.zone_ids, metric_ids: request.metric_ids, format: 'csv' },
      now,
      httpRequest,
    );
    const snapshot = freezeExportShare(document);
    if (Buffer.byteLength(JSON.stringify(snapshot)) > MAX_SHARE_SNAPSHOT_BYTES) {
      throw new HttpError(
        413,
        'PAYLOAD_TOO_LARGE',
        `étude trop volumineuse pour un lien de partage (limite ${MAX_SHARE_SNAPSHOT_BYTES / 1024} ko) : choisissez moins de zones ou de métriques`,
      );
    }
    const token = randomSecret();
    const expiresAt =
      request.expires_in_days === null ? null : new Date(now.getTime() + request.expires_in_days * DAY_MS);
    await insertExportShare(this.database, {
      tokenHash: hashSecret(token),
      userId: user.id,
      snapshot,
      createdAt: now,
      expiresAt,
    });
    return { token, path: sharePath(token), expires_at: expiresAt?.toISOString() ?? null };
  }

  /** The frozen study behind a token: 404 when unknown, 410 once expired. */
  async read(token: string, now: Date): Promise<ExportShareAnswer> {
    const row = await selectExportShare(this.database, hashSecret(token));
    if (!row) throw notFound('Lien de partage introuvable : vérifiez l’adresse reçue');
    if (row.expires_at && row.expires_at.getTime() <= now.getTime()) {
      throw new HttpError(
        410,
        'GONE',
        'Ce lien de partage a expiré : demandez un nouveau lien à la personne qui l’a créé',
      );
    }
    return {
      snapshot: row.snapshot,
      created_at: row.created_at.toISOString(),
      expires_at: row.expires_at?.toISOString() ?? null,
    };
  }
}
