// The Closures section (live §2 route table: closures, closures/new, closures/{id}, closures/{id}/edit): the panel
// (list, detail or form) beside the map, which draws the closures' lines, opens a closure picked on it, and carries
// the zoom-gated Add button. On a phone the panel sits under the map and the form is the mobile variant.
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import { permissions, subscribedOrganization } from '../../session/session.ts';
import { useIsMobile } from '../../session/viewport.ts';
import { fitPadding } from '#domain/map/mapRules';
import { LiveMap } from '../../map/LiveMap.tsx';
import { requestCamera } from '../../map/mapCamera.ts';
import { boundsOf } from '../../map/mapSurface.ts';
import { finderOn } from '../../map/mapViewState.ts';
import type { MapInstructionSet } from '../../map/MapInstructions.tsx';
import type { PickedOverlay } from '../../map/overlayLayers.ts';
import { CLOSURES_PATH, closurePath, mayAddClosure, NEW_CLOSURE_PATH } from './closureAccess.ts';
import { ClosureDetail } from './ClosureDetail.tsx';
import { ClosureForm } from './ClosureForm.tsx';
import { ClosuresList } from './ClosuresList.tsx';
import { closureById, closuresLoad, startClosuresBridge } from './closuresStore.ts';
import './closures.css';

const now = () => Date.now();

/** The closures view's instructions (live §2): opened from the map's control or the form's link, never by itself. */
const CLOSURE_INSTRUCTIONS: MapInstructionSet = {
  title: 'Closures on the map',
  steps: [
    'Click a closure line to open it; lines are coloured by status (active red, standby blue, pending amber).',
    'Zoom in to street level to add a closure: "Zoom to Add" takes you there.',
    'In the form, click where the closure starts, then where it ends; drag either marker to move it.',
    'Without a mouse, type the start\'s and the end\'s Lat and Lng under "Start and end by coordinates".',
    'The path follows the roads between the two markers; a route that cannot be found says why under the path.',
  ],
  openByItself: false,
};

/** The organization's zone, else the browser's: "a month ahead" and the form's times are on its calendar. */
function zoneOf(timezone: string | undefined): string {
  return timezone || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function ClosuresPage({ pattern, closureId }: { pattern: string; closureId: string | null }) {
  useSignals();
  const [, navigate] = useLocation();
  const isMobile = useIsMobile();
  const organization = subscribedOrganization.value;
  const organizationId = organization?.id ?? null;
  const isWzdxOrg = organization?.isWzdxOrg ?? false;
  const timeZone = zoneOf(organization?.timezone);
  const granted = permissions.value;
  const viewer = useMemo(() => ({ permissions: granted, isMobile }), [granted, isMobile]);

  useEffect(() => {
    if (organizationId === null) return undefined;
    return startClosuresBridge({ organizationId, isWzdxOrg, timeZone });
  }, [organizationId, isWzdxOrg, timeZone]);

  const select = useCallback((id: string) => navigate(closurePath(id)), [navigate]);
  const inForm = pattern === 'closures/new' || pattern === 'closures/:closureId/edit';
  // While a form is open, clicks on the map place the path's ends; they never leave the form.
  const pick = useCallback(
    (picked: PickedOverlay) => {
      if (!inForm && picked.kind === 'closure') navigate(closurePath(picked.id));
    },
    [navigate, inForm],
  );
  const add = useMemo(
    () =>
      mayAddClosure(viewer)
        ? { kind: 'closure' as const, label: 'Add Closure', onAdd: () => navigate(NEW_CLOSURE_PATH) }
        : undefined,
    [viewer, navigate],
  );

  const loaded = closuresLoad.value.phase === 'loaded';
  const closure = closureId === null ? null : closureById(closureId);
  const missing = closureId !== null && loaded && closure === null;
  // The section returns to its list when the chosen closure does not exist (live §2, as for things).
  useEffect(() => {
    if (missing) navigate(CLOSURES_PATH, { replace: true });
  }, [missing, navigate]);

  // Selecting a closure, or opening its form, frames its route with Show all's padding (live §2) while Finder is on,
  // as areas and events centre on theirs; once per closure and screen, not on every live change of the record.
  const routeBounds = useMemo(
    () =>
      closure ? boundsOf(closure.routePath.map((point) => [point.lng, point.lat] as [number, number])) : null,
    [closure],
  );
  const frameKey = closure && routeBounds ? `${closure.id} ${pattern}` : null;
  useEffect(() => {
    if (frameKey === null || routeBounds === null || !finderOn.peek()) return;
    requestCamera({ kind: 'fit', bounds: routeBounds, padding: fitPadding('closures') });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frameKey]);

  let panel: React.ReactNode;
  if (pattern === 'closures/new') {
    panel = (
      <ClosureForm
        closure={null}
        organizationId={organizationId}
        isWzdxOrg={isWzdxOrg}
        timeZone={timeZone}
        isMobile={isMobile}
      />
    );
  } else if (closureId !== null && closure === null) {
    const load = closuresLoad.value;
    panel = (
      <p className="closures-panel__loading" role={load.phase === 'failed' ? 'alert' : 'status'}>
        {load.phase === 'failed' ? load.message : 'Loading…'}
      </p>
    );
  } else if (pattern === 'closures/:closureId/edit' && closure) {
    panel = (
      <ClosureForm
        key={closure.id}
        closure={closure}
        organizationId={organizationId}
        isWzdxOrg={isWzdxOrg}
        timeZone={timeZone}
        isMobile={isMobile}
      />
    );
  } else if (closure) {
    panel = <ClosureDetail closure={closure} viewer={viewer} now={now()} />;
  } else {
    panel = <ClosuresList selectedId={closureId} onSelect={select} viewer={viewer} now={now} />;
  }

  return (
    <div className={`closures-page${isMobile ? ' closures-page--mobile' : ''}`}>
      <div className="closures-page__panel">{panel}</div>
      <div className="closures-page__map">
        <LiveMap
          view="closures"
          selectedId={null}
          selectedBounds={routeBounds}
          onPickOverlay={pick}
          instructions={CLOSURE_INSTRUCTIONS}
          {...(add ? { add } : {})}
        />
      </div>
    </div>
  );
}
