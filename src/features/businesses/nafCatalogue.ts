/** The NAF catalogue as `/api/naf_codes/all` answers it (sections › divisions › groupes › classes › sous-classes). */
export interface NafCatalogue {
  stats: {
    sections: number;
    divisions: number;
    groups: number;
    classes: number;
    subclasses: number;
    total_codes: number;
  };
  hierarchy: {
    sections: {
      code: string;
      label: string;
      divisions: {
        code: string;
        label: string;
        groups: {
          code: string;
          label: string;
          classes: {
            code: string;
            label: string;
            label_40: string | null;
            codes: { code: string; label: string; label_40: string | null }[];
          }[];
        }[];
      }[];
    }[];
  };
  flat_list: { code: string; label: string; label_short: string | null; level: number; section_code: string | null }[];
}

/** The NAF picker's result cap. */
export const NAF_PICKER_LIMIT = 50;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Codes whose code or label holds every word of the query (accents ignored), codes first, at most 50. */
export function searchNafCodes(catalogue: NafCatalogue, query: string, limit = NAF_PICKER_LIMIT) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const matches = catalogue.flat_list.filter((entry) => {
    const haystack = fold(`${entry.code} ${entry.label}`);
    return words.every((word) => haystack.includes(word));
  });
  const startsWithCode = (entry: { code: string }) => (entry.code.startsWith(query.trim().toUpperCase()) ? 0 : 1);
  return matches
    .sort((a, b) => startsWithCode(a) - startsWithCode(b) || a.level - b.level || a.code.localeCompare(b.code))
    .slice(0, limit);
}
