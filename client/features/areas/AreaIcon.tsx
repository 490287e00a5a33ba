// The three kinds of area as the list shows them (live §2 "Areas"): an exclusion zone, an exclusion zone that
// groups assets (station-view types), and a point of interest; drawn inline so the list needs no image files.
import { areaTypeLabel, type Area } from '#domain/areas/area';

export function AreaIcon({ area }: { area: Area }) {
  const label = areaTypeLabel(area);
  return (
    <svg
      className="area-icon"
      width="28"
      height="28"
      viewBox="0 0 28 28"
      role="img"
      aria-label={label}
      data-kind={area.isPoi ? 'poi' : area.isStationView ? 'grouping' : 'exclusion'}
    >
      <title>{label}</title>
      {area.isPoi ? (
        <>
          <path d="M14 2a8 8 0 0 1 8 8c0 6-8 16-8 16S6 16 6 10a8 8 0 0 1 8-8z" fill="#7c3aed" />
          <circle cx="14" cy="10" r="3" fill="#fff" />
        </>
      ) : (
        <>
          <polygon points="4,8 14,3 24,8 22,22 6,22" fill="#7c3aed33" stroke="#7c3aed" strokeWidth="2" />
          {area.isStationView ? <path d="M9 17l5-5 5 5v4H9z" fill="#7c3aed" /> : null}
        </>
      )}
    </svg>
  );
}
