import { buildApp, DEFAULT_CLIENT_DIRECTORY } from './app';
import { ConfigurationError, loadConfig, type Config } from './config';
import type { Database } from './db/Database';
import { DataDirectoryLockedError, DataDirectoryUnwritableError } from './db/DataDirectoryLock';
import { migrate } from './db/migrate';
import { openDatabase, statementTimeoutFor } from './db/openDatabase';
import { databaseIsEmpty } from './datasets/datasetRepository';
import { LocalMailCatcher } from './mail/LocalMailCatcher';
import { DEMO_DEPARTEMENTS, IMPORTERS } from './import/pipeline/importers';
import { runImports } from './import/pipeline/runImports';

async function importDemoTerritoryIfEmpty(database: Database, config: Config): Promise<void> {
  if (!config.autoImport || !(await databaseIsEmpty(database))) return;
  if (!config.openDataDirectory) {
    console.warn(
      '⚠ Base vide et aucun dossier de données ouvertes trouvé (./opendata ou ../shared/opendata).\n' +
        '  L’application démarre sans données. Pour importer : OPENDATA_DIR=/chemin npm run data:import -- --departement 75',
    );
    return;
  }
  console.log(`Premier démarrage : import du territoire de démonstration (Paris) depuis ${config.openDataDirectory}…`);
  await runImports(database, IMPORTERS, {
    openDataDirectory: config.openDataDirectory,
    departements: DEMO_DEPARTEMENTS,
  });
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  let database = await openDatabase(config);
  const applied = await migrate(database);
  if (applied.length > 0) console.log(`Migrations appliquées : ${applied.join(', ')}`);
  await importDemoTerritoryIfEmpty(database, config);
  // Migrations and imports run without a limit; requests are served with one.
  const statementTimeoutMs = statementTimeoutFor(config.requestDeadlineMs);
  if ('statementTimeoutMs' in database) database.statementTimeoutMs = statementTimeoutMs;
  else {
    await database.close();
    database = await openDatabase(config, { statementTimeoutMs, serving: true });
  }
  const served = database;

  // Without SMTP_URL the account e-mails go to a local catcher whose inbox the app serves.
  let mailCatcher: LocalMailCatcher | undefined;
  if (!config.smtpUrl) {
    mailCatcher = new LocalMailCatcher();
    try {
      await mailCatcher.start(config.mailCatcherPort);
    } catch {
      await mailCatcher.start(0);
    }
    config.smtpUrl = mailCatcher.smtpUrl;
  }

  const app = await buildApp({ database: served, config, mailCatcher }, { clientDirectory: DEFAULT_CLIENT_DIRECTORY });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal} reçu : fin des requêtes en cours, puis arrêt…`);
    // Requests in flight finish (each is bounded by its deadline); past that the process stops anyway.
    const forced = setTimeout(() => {
      console.error('Arrêt forcé : des requêtes ne se sont pas terminées à temps.');
      process.exit(1);
    }, config.requestDeadlineMs + 5000);
    forced.unref();
    try {
      await app.close();
      await mailCatcher?.stop();
      await served.close();
      process.exit(0);
    } catch (error) {
      console.error('✗ Arrêt :', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  console.log(
    `\nZonalyse est prêt (${database.kind === 'pglite' ? `base embarquée ${config.dataDirectory}` : 'PostgreSQL'}, ${seconds} s).\n` +
      `  → Ouvrez http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}/map\n` +
      (mailCatcher
        ? `  → E-mails (boîte de réception locale, SMTP ${mailCatcher.smtpUrl}) : http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}/api/mail/inbox\n`
        : '') +
      (config.stripe ? '' : '  → Paiements : prestataire de test local (cartes de test Stripe, aucun débit)\n'),
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigurationError ||
    error instanceof DataDirectoryLockedError ||
    error instanceof DataDirectoryUnwritableError
  ) {
    console.error(`✗ ${error.message}`);
  } else {
    console.error('✗ Échec du démarrage :', error);
  }
  process.exit(1);
});
