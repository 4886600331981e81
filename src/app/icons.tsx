// Small inline icons for the navigation (decorative: each sits beside a visible label).
const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};
export const MatcherIcon = () => (
  <svg {...common}>
    <rect x="3" y="4" width="8" height="11" rx="2" />
    <rect x="13" y="9" width="8" height="11" rx="2" />
  </svg>
);
export const GamesIcon = () => (
  <svg {...common}>
    <rect x="2" y="7" width="20" height="11" rx="4" />
    <path d="M7 11v3M5.5 12.5h3M16 12h.01M18 14h.01" />
  </svg>
);
export const QuestsIcon = () => (
  <svg {...common}>
    <path d="M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5 6.7 19.4l1.2-6L3.4 9.3l6-.7z" />
  </svg>
);
export const HomeIcon = () => (
  <svg {...common}>
    <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </svg>
);
export const ProfileIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </svg>
);
