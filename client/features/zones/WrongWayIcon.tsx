// The wrong-way sign of an alerting zone as the list and detail show it (live §3: active and inactive icons): the
// "no entry" disc the map draws at the zone's start, red when active, grey when not.
export function WrongWayIcon({ isActive }: { isActive: boolean }) {
  const label = isActive ? 'Wrong-way zone, active' : 'Wrong-way zone, inactive';
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 28 28"
      role="img"
      aria-label={label}
      data-active={isActive}
      className="wrong-way-icon"
    >
      <title>{label}</title>
      <circle cx="14" cy="14" r="12" fill={isActive ? '#dc2626' : '#9ca3af'} stroke="#fff" strokeWidth="2" />
      <rect x="6" y="11.5" width="16" height="5" rx="1" fill="#fff" />
    </svg>
  );
}
