import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ImportError } from '../../pipeline/ImportError';

/** The BPE 2019 nomenclature shipped with Zonalyse (INSEE documentation; the data files carry only codes). */
export const BPE_2019_TYPES_FILE = join(import.meta.dirname, 'bpe-2019-types-equipements.csv');

/** One equipment type of the BPE nomenclature. */
export interface BpeEquipmentType {
  code: string;
  label: string;
  domain: string;
  domainLabel: string;
  subdomain: string;
  subdomainLabel: string;
}

const HEADER = 'code;libelle;domaine;libelle_domaine;sous_domaine;libelle_sous_domaine';

/** Reads the nomenclature file (`#` lines are comments); every line is checked. */
export function readBpeEquipmentTypes(path = BPE_2019_TYPES_FILE): BpeEquipmentType[] {
  const file = basename(path);
  const lines = readFileSync(path, 'utf8').split('\n');
  const types: BpeEquipmentType[] = [];
  let header = false;
  for (const [index, line] of lines.entries()) {
    if (line.startsWith('#') || line.trim().length === 0) continue;
    if (!header) {
      if (line !== HEADER) throw new ImportError(file, index + 1, undefined, `en-tête attendu : ${HEADER}`);
      header = true;
      continue;
    }
    const [code = '', label = '', domain = '', domainLabel = '', subdomain = '', subdomainLabel = '', ...rest] =
      line.split(';');
    if (rest.length > 0 || !subdomainLabel) throw new ImportError(file, index + 1, undefined, '6 champs attendus');
    if (!/^[A-G]\d{3}$/.test(code)) throw new ImportError(file, index + 1, 'code', `code invalide « ${code} »`);
    if (domain !== code[0] || subdomain !== code.slice(0, 2)) {
      throw new ImportError(file, index + 1, 'sous_domaine', `domaine incohérent avec le code ${code}`);
    }
    types.push({ code, label, domain, domainLabel, subdomain, subdomainLabel });
  }
  return types;
}
