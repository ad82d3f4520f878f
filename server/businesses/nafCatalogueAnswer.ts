import type { NafEntry } from './NafCatalogue';

/**
 * The NAF catalogue as the client's picker reads it: `stats`, `hierarchy.sections › divisions › groups ›
 * classes` (a class carries its sous-classes as `codes`) and `flat_list` of every code below the section.
 */
export function nafCatalogueAnswer(catalogue: ReadonlyMap<string, NafEntry>) {
  const children = new Map<string, NafEntry[]>();
  for (const entry of catalogue.values()) {
    if (!entry.parent_code) continue;
    const list = children.get(entry.parent_code) ?? [];
    list.push(entry);
    children.set(entry.parent_code, list);
  }
  const of = (code: string) => (children.get(code) ?? []).sort((a, b) => a.code.localeCompare(b.code));
  const sections = [...catalogue.values()]
    .filter((entry) => entry.level === 1)
    .sort((a, b) => a.code.localeCompare(b.code));
  const flat = [...catalogue.values()].filter((entry) => entry.level > 1).sort((a, b) => a.code.localeCompare(b.code));
  const count = (level: number) => [...catalogue.values()].filter((entry) => entry.level === level).length;
  return {
    stats: {
      sections: count(1),
      divisions: count(2),
      groups: count(3),
      classes: count(4),
      subclasses: count(5),
      total_codes: flat.length,
    },
    hierarchy: {
      sections: sections.map((section) => ({
        code: section.code,
        label: section.label,
        divisions: of(section.code).map((division) => ({
          code: division.code,
          label: division.label,
          groups: of(division.code).map((group) => ({
            code: group.code,
            label: group.label,
            classes: of(group.code).map((nafClass) => ({
              code: nafClass.code,
              label: nafClass.label,
              label_40: nafClass.label_40,
              codes: of(nafClass.code).map((code) => ({ code: code.code, label: code.label, label_40: code.label_40 })),
            })),
          })),
        })),
      })),
    },
    flat_list: flat.map((entry) => ({
      code: entry.code,
      label: entry.label,
      label_short: entry.label_40,
      level: entry.level,
      section_code: entry.section_code,
    })),
  };
}
