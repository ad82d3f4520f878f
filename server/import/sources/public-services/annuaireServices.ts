import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { annuairePublicServiceFamily } from '../../../../kernel/public-services/publicServiceFamilies';
import { COMMUNE_CODE_PATTERN } from '../../../../kernel/territory/irisCode';
import { ImportError } from '../../pipeline/ImportError';

/** One service of the Annuaire de l'administration, as stored in `public_services`. */
export interface AnnuaireService {
  id: string;
  name: string;
  family: string;
  typeCode: string | null;
  address: string | null;
  codePostal: string | null;
  communeCode: string;
  longitude: number | null;
  latitude: number | null;
  details: Record<string, unknown>;
}

type Json = Record<string, unknown>;

/** The export writes nested lists either as JSON arrays or as JSON text (the Opendatasoft flavour). */
function list(value: unknown): Json[] {
  const parsed = typeof value === 'string' && value.trim().startsWith('[') ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed.filter((item) => item && typeof item === 'object') as Json[]) : [];
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : null;
}

function coordinate(value: unknown, minimum: number, maximum: number): number | null | undefined {
  const raw = text(value);
  if (raw === null) return null;
  const number = Number(raw.replace(',', '.'));
  return Number.isFinite(number) && number >= minimum && number <= maximum ? number : undefined;
}

/**
 * Reads the JSON export of the Annuaire de l'administration (service-public.fr « base de données locales »:
 * `{"service": [{id, nom, pivot: [{type_service_local, code_insee_commune}], adresse: [{type_adresse,
 * numero_voie, complement1, code_postal, nom_commune, longitude, latitude}], code_insee_commune, telephone,
 * adresse_courriel, site_internet, url_service_public…}]}`), gzip accepted, keeping the services of the
 * département. An invalid entry fails with the file, its index and the field.
 */
export function readAnnuaireServices(path: string, departement: string): AnnuaireService[] {
  const file = basename(path);
  const buffer = readFileSync(path);
  let document: unknown;
  try {
    document = JSON.parse((path.endsWith('.gz') ? gunzipSync(buffer) : buffer).toString('utf8'));
  } catch (error) {
    throw new ImportError(file, undefined, undefined, `JSON illisible (${(error as Error).message})`);
  }
  const entries = Array.isArray(document) ? document : (document as Json | null)?.service;
  if (!Array.isArray(entries)) throw new ImportError(file, undefined, 'service', 'liste « service » absente');
  const services: AnnuaireService[] = [];
  const seen = new Set<string>();
  entries.forEach((entry: unknown, index) => {
    const fail = (field: string, reason: string): never => {
      throw new ImportError(file, undefined, field, `service n° ${index + 1} : ${reason}`);
    };
    if (!entry || typeof entry !== 'object') fail('service', 'objet attendu');
    const service = entry as Json;
    const communeCode =
      text(service.code_insee_commune)?.toUpperCase() ?? fail('code_insee_commune', 'valeur manquante');
    if (!COMMUNE_CODE_PATTERN.test(communeCode)) fail('code_insee_commune', `code commune invalide « ${communeCode} »`);
    const inDepartement = communeCode.startsWith('97') ? communeCode.slice(0, 3) : communeCode.slice(0, 2);
    if (inDepartement !== departement) return;
    const id = text(service.id) ?? fail('id', 'valeur manquante');
    if (seen.has(id)) fail('id', `identifiant « ${id} » en double`);
    seen.add(id);
    const name = text(service.nom) ?? fail('nom', 'valeur manquante');
    const pivot = list(service.pivot);
    const typeCode = text(pivot[0]?.type_service_local);
    const addresses = list(service.adresse);
    const address =
      addresses.find((item) => text(item.type_adresse)?.toLowerCase() === 'adresse') ?? addresses[0] ?? {};
    const longitude = coordinate(address.longitude, -180, 180);
    const latitude = coordinate(address.latitude, -90, 90);
    if (longitude === undefined) fail('adresse.longitude', `longitude invalide « ${String(address.longitude)} »`);
    if (latitude === undefined) fail('adresse.latitude', `latitude invalide « ${String(address.latitude)} »`);
    const codePostal = text(address.code_postal);
    if (codePostal !== null && !/^\d{5}$/.test(codePostal))
      fail('adresse.code_postal', `code postal invalide « ${codePostal} »`);
    services.push({
      id,
      name,
      family: annuairePublicServiceFamily(typeCode ?? ''),
      typeCode,
      address: [text(address.numero_voie), text(address.complement1)].filter(Boolean).join(', ') || null,
      codePostal,
      communeCode,
      longitude: longitude ?? null,
      latitude: latitude ?? null,
      details: Object.fromEntries(
        ['telephone', 'adresse_courriel', 'site_internet', 'url_service_public', 'plage_ouverture', 'type_organisme']
          .map((key) => [key, service[key]])
          .filter(([, value]) => value !== undefined && value !== null && value !== ''),
      ),
    });
  });
  return services;
}
