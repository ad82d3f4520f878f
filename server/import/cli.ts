import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/openDatabase';
import { migrate } from '../db/migrate';
import { DEMO_DEPARTEMENTS, IMPORTERS } from './pipeline/importers';
import { runImports } from './pipeline/runImports';

const USAGE = `Usage : npm run data:import -- [--departement 75] [--source DOSSIER] [--only dvf,ban] [--force]

  --departement, -d  département(s) à importer (répétable ou séparé par des virgules ; défaut 75)
  --source           dossier des fichiers officiels (défaut : OPENDATA_DIR, ./opendata ou ../shared/opendata)
  --only             n'importer que ces sources (${IMPORTERS.map((importer) => importer.source).join(', ')})
  --force            réimporter même si les fichiers n'ont pas changé
  --download         télécharger les fichiers officiels (nécessite un accès à Internet)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      departement: { type: 'string', short: 'd', multiple: true },
      source: { type: 'string' },
      only: { type: 'string' },
      force: { type: 'boolean', default: false },
      download: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig({ ...process.env, ...(values.source ? { OPENDATA_DIR: values.source } : {}) });
  const departements = (values.departement ?? [...DEMO_DEPARTEMENTS]).flatMap((value) => value.split(','));
  if (values.download) {
    const { downloadOfficialFiles } = await import('./pipeline/download/downloadOfficialFiles');
    await downloadOfficialFiles(departements, config.openDataDirectory ?? 'opendata');
  }
  if (!config.openDataDirectory) {
    throw new Error('Aucun dossier de données ouvertes : définissez OPENDATA_DIR ou passez --source DOSSIER.');
  }
  const only = values.only?.split(',').map((source) => source.trim());
  const database = await openDatabase(config);
  try {
    await migrate(database);
    console.log(
      `Import depuis ${config.openDataDirectory} — départements ${departements.join(', ')} (${database.kind})`,
    );
    const outcomes = await runImports(
      database,
      IMPORTERS,
      { openDataDirectory: config.openDataDirectory, departements },
      { force: values.force, only },
    );
    const loaded = outcomes.filter((outcome) => outcome.status === 'loaded').length;
    console.log(`Terminé : ${loaded} jeu(x) chargé(s), ${outcomes.length - loaded} inchangé(s).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
