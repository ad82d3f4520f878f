import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A commune of the COG as shipped by `@etalab/decoupage-administratif`. */
export interface ReferenceCommune {
  code: string;
  nom: string;
  type: 'commune-actuelle' | 'commune-deleguee' | 'commune-associee' | 'arrondissement-municipal';
  departement?: string;
  region?: string;
  commune?: string;
  population?: number;
  codesPostaux?: string[];
}

export interface ReferenceDepartement {
  code: string;
  nom: string;
  region: string;
}

export interface ReferenceRegion {
  code: string;
  nom: string;
}

/** COG names, populations and postcodes (`@etalab/decoupage-administratif`, COG 2026). */
export interface AdministrativeReference {
  communes: Map<string, ReferenceCommune>;
  departements: Map<string, ReferenceDepartement>;
  regions: Map<string, ReferenceRegion>;
}

let cached: AdministrativeReference | undefined;

export function loadAdministrativeReference(): AdministrativeReference {
  if (cached) return cached;
  const communes = require('@etalab/decoupage-administratif/data/communes.json') as ReferenceCommune[];
  const departements = require('@etalab/decoupage-administratif/data/departements.json') as ReferenceDepartement[];
  const regions = require('@etalab/decoupage-administratif/data/regions.json') as ReferenceRegion[];
  cached = {
    communes: new Map(
      communes
        .filter((commune) => commune.type === 'commune-actuelle' || commune.type === 'arrondissement-municipal')
        .map((commune) => [commune.code, commune]),
    ),
    departements: new Map(departements.map((departement) => [departement.code, departement])),
    regions: new Map(regions.map((region) => [region.code, region])),
  };
  return cached;
}

/** The département of a commune code: 3 characters overseas (97x), else 2 (2A/2B included). */
export function departementOfCommune(code: string): string {
  return code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2);
}

/** The version of the reference package, part of the dataset checksum. */
export function administrativeReferenceVersion(): string {
  return (require('@etalab/decoupage-administratif/package.json') as { version: string }).version;
}
