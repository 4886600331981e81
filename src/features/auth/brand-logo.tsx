// The Budget Quest mark: a coin with a rising arrow (decorative; the brand name is text beside it).
export function BrandLogo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="bq-logo-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#c7b3ff" />
          <stop offset="100%" stopColor="#8a63f0" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="18" fill="url(#bq-logo-fill)" />
      <circle cx="20" cy="20" r="13.5" fill="none" stroke="#1a1030" strokeOpacity="0.35" strokeWidth="2" />
      <path
        d="M12 25l6-6 4 4 7-8"
        fill="none"
        stroke="#1a1030"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M24 15h5v5"
        fill="none"
        stroke="#1a1030"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
