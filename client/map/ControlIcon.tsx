// The map controls' icons as inline SVG, so they draw the same with any installed font.

const PATHS = {
  finder: 'M12 2v4M12 18v4M2 12h4M18 12h4M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8',
  follow: 'M4 20L12 3l8 17l-8-5z',
  showAll: 'M3 9V3h6M15 3h6v6M21 15v6h-6M9 21H3v-6',
  locate:
    'M12 2v3M12 19v3M2 12h3M19 12h3M12 6a6 6 0 1 0 0 12a6 6 0 1 0 0-12M12 10a2 2 0 1 0 0 4a2 2 0 1 0 0-4',
  keyboard: 'M3 6h18v12H3zM6 9h1M9 9h1M12 9h1M15 9h1M18 9h1M7 15h10',
} as const;

export function ControlIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
