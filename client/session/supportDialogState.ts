// The support dialog's state: open by default on the first visit after sign-in until "Don't show again" is ticked
// (live §2, access §1), and a tracking query parameter while it is open.
import { signal } from '@preact/signals-react';

export const SUPPORT_HIDDEN_STORAGE_KEY = 'fleetDashboard.hideSupport';
export const SUPPORT_QUERY_PARAMETER = 'support';
export const SUPPORT_PHONE = '+1 555 0100';
export const FAQ_TOPICS = [
  { title: 'How do I rename assets?', href: 'https://example-provider.test/help/rename-assets' },
  { title: 'How do I add users?', href: 'https://example-provider.test/help/add-users' },
  { title: 'How do I view reports?', href: 'https://example-provider.test/help/view-reports' },
  { title: 'How do I create exports?', href: 'https://example-provider.test/help/create-exports' },
] as const;

export const supportOpen = signal(false);

export function supportHiddenByUser(): boolean {
  try {
    return window.localStorage.getItem(SUPPORT_HIDDEN_STORAGE_KEY) === 'yes';
  } catch {
    return false;
  }
}

export function setSupportHidden(hidden: boolean): void {
  try {
    if (hidden) window.localStorage.setItem(SUPPORT_HIDDEN_STORAGE_KEY, 'yes');
    else window.localStorage.removeItem(SUPPORT_HIDDEN_STORAGE_KEY);
  } catch {
    // The choice then lasts for this page only.
  }
}

function setTrackingParameter(open: boolean): void {
  const url = new URL(window.location.href);
  if (open) url.searchParams.set(SUPPORT_QUERY_PARAMETER, 'open');
  else url.searchParams.delete(SUPPORT_QUERY_PARAMETER);
  window.history.replaceState(window.history.state, '', url);
}

export function openSupport(): void {
  supportOpen.value = true;
  setTrackingParameter(true);
}

export function closeSupport(): void {
  supportOpen.value = false;
  setTrackingParameter(false);
}

const OFFERED_STORAGE_KEY = 'fleetDashboard.supportOffered';

/** Opens the dialog on the first dashboard visit of a browser tab, unless the user asked not to see it again. */
export function offerSupportOnWelcome(): void {
  try {
    if (window.sessionStorage.getItem(OFFERED_STORAGE_KEY)) return;
    window.sessionStorage.setItem(OFFERED_STORAGE_KEY, 'yes');
  } catch {
    // Without storage it is offered on every page load.
  }
  if (!supportHiddenByUser()) openSupport();
}
