import type { SVGProps } from 'react';

// Stroke icons drawn on a 24-unit grid; decorative, so hidden from assistive technology.
const paths = {
  check: 'M5 12.5l4.5 4.5L19 7.5',
  chevronDown: 'M6 9l6 6 6-6',
  chevronUp: 'M6 15l6-6 6 6',
  chevronLeft: 'M15 6l-6 6 6 6',
  chevronRight: 'M9 6l6 6-6 6',
  close: 'M6 6l12 12M18 6L6 18',
  menu: 'M4 6h16M4 12h16M4 18h16',
  minus: 'M5 12h14',
  dots: 'M5 12h.01M12 12h.01M19 12h.01',
  info: 'M12 8h.01M11 12h1v5h1M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
  success: 'M8 12.5l3 3 5-6M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
  warning: 'M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  error: 'M12 8v4M12 16h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
  // The shell's navigation and menus.
  home: 'M3 11l9-7 9 7M5 9.5V20h5v-6h4v6h5V9.5',
  people: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM2 21v-1a6 6 0 0 1 12 0v1M16 3.5a4 4 0 0 1 0 7.5M22 21v-1a6 6 0 0 0-4-5.6',
  megaphone: 'M3 10v4h4l9 5V5l-9 5H3ZM7 14l1 6h3l-1-5M19 9a3 3 0 0 1 0 6',
  plug: 'M9 2v5M15 2v5M6 7h12v3a6 6 0 0 1-12 0V7ZM12 16v6',
  speech:
    'M21 12a9 9 0 0 1-13.4 7.9L3 21l1.1-4.4A9 9 0 1 1 21 12ZM9 10.5c0 2.5 2 4.5 4.5 4.5l1-1.5-2-1-.8.7a3 3 0 0 1-1.4-1.4l.7-.8-1-2L9 10.5Z',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21a8 8 0 0 1 16 0',
  inbox: 'M4 5h16v11H9l-5 4V5ZM8 9h8M8 12h5',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM9.5 9.5a2.5 2.5 0 1 1 3.4 2.3c-.5.2-.9.7-.9 1.3v.4M12 17h.01',
  logout: 'M14 4h5v16h-5M10 16l4-4-4-4M14 12H3',
  mail: 'M3 6h18v12H3V6ZM3 6l9 7 9-7',
  store: 'M4 9l1.5-5h13L20 9M4 9v11h16V9M4 9h16M10 20v-5h4v5',
  checklist: 'M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2',
  // The chat's messages and composer.
  play: 'M7 4.5v15l12-7.5-12-7.5Z',
  paperclip: 'M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5',
  smile: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM8.5 14a4 4 0 0 0 7 0M9 9.5h.01M15 9.5h.01',
} as const;

export type IconName = keyof typeof paths;

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
}

export function Icon({ name, ...rest }: IconProps) {
  const bold = name === 'dots';
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={bold ? 3 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}

/** The date-range picker's trigger: a frame and a path, so not one of the single-path icons above. */
export function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
