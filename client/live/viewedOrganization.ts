// The organization whose live picture is shown, as the Observable the live pipeline takes: it follows the
// session's subscribed organization and emits again only when a field the picture depends on changes, so a
// reloaded profile does not restart the picture.
import { effect } from '@preact/signals-react';
import { distinctUntilChanged, Observable } from 'rxjs';
import type { ViewedOrganization } from '#domain/live/liveEvents';
import type { Organization } from '#domain/organizations/organization';
import { subscribedOrganization } from '../app/session.ts';

export function viewedOrganizationOf(organization: Organization | null): ViewedOrganization | null {
  if (!organization) return null;
  const { id, name, isLargeOrg, isWzdxOrg, isResponder, countryCode } = organization;
  return { id, name, isLargeOrg, isWzdxOrg, isResponder, countryCode };
}

function sameOrganization(a: ViewedOrganization | null, b: ViewedOrganization | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.isLargeOrg === b.isLargeOrg &&
    a.isWzdxOrg === b.isWzdxOrg &&
    a.isResponder === b.isResponder &&
    a.countryCode === b.countryCode
  );
}

/** Subscribing starts following the session; unsubscribing stops. */
export function viewedOrganization$(): Observable<ViewedOrganization | null> {
  return new Observable<ViewedOrganization | null>((subscriber) =>
    effect(() => subscriber.next(viewedOrganizationOf(subscribedOrganization.value))),
  ).pipe(distinctUntilChanged(sameOrganization));
}
