// What the viewer may do on the Closures screens: a control shows (or enables) exactly when its route's gate
// would open (domain/session/routeGates.ts, with the phone's mobile variants), and feed closures are the feed's
// (live §6 "feed closures cannot be edited" / "deleted").
import type { Closure } from '#domain/closures/closure';
import { DELETE_CLOSURE } from '#domain/session/liveOperationsPermissions';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { decideRoute } from '#domain/session/routeGates';

export const CLOSURES_PATH = '/dashboard/closures';

export const closurePath = (id: string) => `${CLOSURES_PATH}/${encodeURIComponent(id)}`;
export const closureEditPath = (id: string) => `${closurePath(id)}/edit`;
export const NEW_CLOSURE_PATH = `${CLOSURES_PATH}/new`;

type Viewer = { permissions: ReadonlySet<string>; isMobile: boolean };

function opens(path: string, viewer: Viewer): boolean {
  return decideRoute(path, viewer).kind === 'screen';
}

export function mayAddClosure(viewer: Viewer): boolean {
  return opens(NEW_CLOSURE_PATH, viewer);
}

/** Editing is open to the viewer's permissions; feed closures (and any the dashboard does not manage) never. */
export function mayEditClosure(closure: Closure, viewer: Viewer): boolean {
  return isDashboardManaged(closure) && opens(closureEditPath(closure.id), viewer);
}

export function mayDeleteClosure(closure: Closure, viewer: Viewer): boolean {
  return isDashboardManaged(closure) && hasAnyPermission(viewer.permissions, DELETE_CLOSURE);
}

/** The manual switch sends a quick update: the edit permission. */
export function maySwitchClosure(closure: Closure, viewer: Viewer): boolean {
  return closure.closureType === 'manual' && mayEditClosure(closure, viewer);
}

export function isDashboardManaged(closure: Closure): boolean {
  return closure.closureType !== 'feed' && closure.isDashboardManaged;
}
