// Edit Location is offered on large screens only (live §2): the lg breakpoint, 1025 px and wider (live §9).
import { useSyncExternalStore } from 'react';

const LARGE_QUERY = '(min-width: 1025px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(LARGE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsLargeScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(LARGE_QUERY).matches);
}
