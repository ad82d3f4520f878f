import type { ReactNode } from 'react';
import type { TransportMode } from '../../../kernel/zones/Zone';
import { Icon as StrokeIcon } from '../../ui/icons';

/** Decorative stroke icons of the perimeter panel (24 × 24, 18 px); the button carries the label. */
const Icon = ({ children, size = 18 }: { children: ReactNode; size?: number }) => (
  <StrokeIcon width={size} height={size}>
    {children}
  </StrokeIcon>
);

export const CentreIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="7" />
    <circle cx="12" cy="12" r="2" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
  </Icon>
);
export const EyeIcon = () => (
  <Icon>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
export const EyeOffIcon = () => (
  <Icon>
    <path d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Icon>
);
export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);
export const PencilIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
    <path d="M13 7l4 4" />
  </Icon>
);
export const IsochroneIcon = () => (
  <Icon size={24}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);
export const AdministrativeIcon = () => (
  <Icon size={24}>
    <path d="M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3Z" />
    <path d="M9 3v15M15 6v15" />
  </Icon>
);

/** The transport mode's pictogram (car, walker, bicycle, métro train), beside its label. */
export const TransportModeIcon = ({ mode, size = 16 }: { mode: TransportMode; size?: number }) => {
  switch (mode) {
    case 'driving':
      return (
        <Icon size={size}>
          <path d="M5 16V11l2-5h10l2 5v5M5 16h14M5 16v3M19 16v3M5 11h14" />
          <circle cx="8" cy="13.5" r="0.8" />
          <circle cx="16" cy="13.5" r="0.8" />
        </Icon>
      );
    case 'walking':
      return (
        <Icon size={size}>
          <circle cx="13" cy="4" r="1.8" />
          <path d="M10 21l2-6 3 3v3M12 15l-1-5 4 1 2 3M11 10l-3 2-1 3" />
        </Icon>
      );
    case 'cycling':
      return (
        <Icon size={size}>
          <circle cx="6" cy="16" r="3.5" />
          <circle cx="18" cy="16" r="3.5" />
          <path d="M6 16l4-7h6l2 7M10 9l2 7 4-7M9 6h3" />
        </Icon>
      );
    default:
      return (
        <Icon size={size}>
          <rect x="6" y="3" width="12" height="14" rx="3" />
          <path d="M6 11h12M9 20l-2 2M15 20l2 2M9 17l-1 3M15 17l1 3" />
          <circle cx="9" cy="14" r="0.6" />
          <circle cx="15" cy="14" r="0.6" />
        </Icon>
      );
  }
};
