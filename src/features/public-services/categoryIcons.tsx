import type { ReactNode } from 'react';
import type { PublicServiceIconName } from '../../../kernel/public-services/publicServiceCategories';
import { Icon } from '../../ui/icons';

const PATHS: Record<PublicServiceIconName, ReactNode> = {
  Landmark: (
    <>
      <path d="M3 21h18M5 21V10M9 21V10M15 21V10M19 21V10" />
      <path d="M2 10 12 3l10 7Z" />
    </>
  ),
  Scale: (
    <>
      <path d="M12 3v18M7 21h10M4 7h16" />
      <path d="m6 7-3 6a3 3 0 0 0 6 0ZM18 7l-3 6a3 3 0 0 0 6 0Z" />
    </>
  ),
  Euro: <path d="M18 6.5A7 7 0 1 0 18 17.5M4 10h10M4 14h10" />,
  Heart: <path d="M12 20s-7.5-4.6-9-9.3C2 7.5 4 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.2 0 5.2 3 4.2 6.2C19.5 15.4 12 20 12 20Z" />,
  GraduationCap: (
    <>
      <path d="m2 9 10-5 10 5-10 5Z" />
      <path d="M6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6" />
    </>
  ),
  Briefcase: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
    </>
  ),
  Home: (
    <>
      <path d="m3 11 9-7 9 7" />
      <path d="M5 10v10h14V10M10 20v-6h4v6" />
    </>
  ),
  Palette: (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1.4 0 2-1 2-2 0-1.6-1.5-2 0-3.5 1-1 3-.5 4.5-.8A3.5 3.5 0 0 0 21 11.5 9 9 0 0 0 12 3Z" />
      <circle cx="7.5" cy="11" r="1" />
      <circle cx="10" cy="7" r="1" />
      <circle cx="15" cy="7.5" r="1" />
    </>
  ),
  ShieldCheck: (
    <>
      <path d="M12 3 4 6v6c0 4.5 3.4 8 8 9 4.6-1 8-4.5 8-9V6Z" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>
  ),
};

/** The SVG icon of a public-service category (Landmark, Scale, Euro…). */
export function CategoryIcon({ name }: { name: string }) {
  return <Icon>{PATHS[name as PublicServiceIconName] ?? PATHS.Landmark}</Icon>;
}
