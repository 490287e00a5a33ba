// Phone or desktop: the dashboard switches chrome and gates at the sm breakpoint (access §9: sm 768 px).
import { useSyncExternalStore } from 'react';

export const MOBILE_QUERY = '(max-width: 768px)';

export function isMobileViewport(): boolean {
  return window.matchMedia(MOBILE_QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileViewport);
}
