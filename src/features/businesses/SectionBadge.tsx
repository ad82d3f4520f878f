import { NAF_SECTIONS } from '../../../kernel/businesses/nafSections';

/** The NAF section as a coloured badge (the product's section colours). */
export function SectionBadge({ code }: { code: string | null }) {
  const section = NAF_SECTIONS.find((entry) => entry.code === code);
  if (!section) return null;
  return (
    <span
      className="biz-section"
      style={{ color: section.color, background: section.background, borderColor: section.color }}
      title={`Section ${section.code} : ${section.name}`}
    >
      {section.code} · {section.name}
    </span>
  );
}
