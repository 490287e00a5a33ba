// The form's path drawer (live §2 "Closures" form): on the map the user clicks the closure's start, then its end
// (terra-draw through mapEditing.ts, a path of two points); dragging either marker moves it. Each new pair of
// points asks the directions service for the road between them, and the route is drawn on the map; a failure's
// text shows under the path (live §8 "Directions"). Editing starts when the drawer mounts and stops in its teardown.
// The start and the end can be typed instead (PointsEditor; issue 26, WCAG 2.5.7): typed points restart the map's
// editing from them, so the map, the route and the list always show the same two points.
import { useSignals } from '@preact/signals-react/runtime';
import { PathLayer } from '@deck.gl/layers';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { RoutePoint } from '#domain/closures/closure';
import { DIRECTIONS_FALLBACK } from '#domain/closures/closureDirections';
import { fetchDirections } from '../../api/closures.ts';
import { apiClient } from '../../session/session.ts';
import type { LngLat } from '../../live/mapProtocol.ts';
import { clearFeatureLayers, setFeatureLayers } from '../../map/featureLayers.ts';
import { editResult, startEditing, stopEditing } from '../../map/mapEditing.ts';
import { openInstructions } from '../../map/MapInstructions.tsx';
import type { ShapePoint } from '../../map/useShapeEditing.ts';
import { PointsEditor } from '../../ui/PointsEditor.tsx';
import { Button } from '../../ui/Button.tsx';

/** The simulator's stand-in for the maps provider's directions service, under the API base (docs/closures.md). */
export const DIRECTIONS_PATH = '/sim/directions';

const LAYER_KEY = 'closure-route';

export type DrawnPath = {
  userRoute: RoutePoint[];
  routePath: RoutePoint[];
  streetStart: string;
  streetEnd: string;
};

const toLngLat = (point: RoutePoint): LngLat => [point.lng, point.lat];
const toPoint = ([lng, lat]: LngLat): RoutePoint => ({ lat, lng });
const sameEnds = (a: readonly RoutePoint[], b: readonly RoutePoint[]) =>
  a.length === b.length &&
  a.every((point, index) => point.lat === b[index]?.lat && point.lng === b[index]?.lng);

/** Draws the route on the map while the drawer is open, and takes it off when it closes. */
function useRouteLayer(route: readonly RoutePoint[]) {
  useEffect(() => {
    setFeatureLayers(LAYER_KEY, [
      new PathLayer<readonly RoutePoint[]>({
        id: 'closure-route',
        data: route.length >= 2 ? [route] : [],
        getPath: (points) => points.map(toLngLat),
        getColor: [220, 38, 38, 220],
        getWidth: 6,
        widthUnits: 'pixels',
        capRounded: true,
        jointRounded: true,
      }),
    ]);
  }, [route]);
  useEffect(() => () => clearFeatureLayers(LAYER_KEY), []);
}

/**
 * The road between the two ends drawn, asked of the directions service each time they change: the route, its
 * streets, whether it is being found and a failure's text; each answer goes to `onPath` (null when none).
 * `forget` drops the route, for a path cleared or cut to fewer than two points.
 */
function useRouteBetween(
  initial: DrawnPath,
  ends: RoutePoint[] | null,
  onPathRef: RefObject<(path: DrawnPath | null) => void>,
) {
  const [routeFailure, setRouteFailure] = useState<string | null>(null);
  const [routing, setRouting] = useState(false);
  const [route, setRoute] = useState<RoutePoint[]>(initial.routePath);
  const [streets, setStreets] = useState(`${initial.streetStart || '—'} → ${initial.streetEnd || '—'}`);
  const asked = useRef<RoutePoint[]>(initial.userRoute);
  const endsKey = ends ? JSON.stringify(ends) : '';

  useEffect(() => {
    if (!ends || sameEnds(ends, asked.current)) return undefined;
    asked.current = ends;
    const [start, end] = ends as [RoutePoint, RoutePoint];
    const controller = new AbortController();
    setRouting(true);
    setRouteFailure(null);
    fetchDirections(apiClient(), DIRECTIONS_PATH, start, end, controller.signal).then(
      (result) => {
        setRouting(false);
        if (!result.ok) {
          setRoute([]);
          setRouteFailure(result.message);
          onPathRef.current(null);
          return;
        }
        setRoute(result.value.route);
        setStreets(`${result.value.street_start || '—'} → ${result.value.street_end || '—'}`);
        onPathRef.current({
          userRoute: ends,
          routePath: result.value.route,
          streetStart: result.value.street_start,
          streetEnd: result.value.street_end,
        });
      },
      () => {
        if (controller.signal.aborted) return;
        setRouting(false);
        setRouteFailure(DIRECTIONS_FALLBACK);
      },
    );
    return () => controller.abort();
    // endsKey stands for the two points.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endsKey]);

  const forget = () => {
    asked.current = [];
    setRoute([]);
    setRouteFailure(null);
    onPathRef.current(null);
  };
  return { route, streets, routing, routeFailure, forget };
}

export function ClosurePathDrawer({
  initial,
  onPath,
  error,
}: {
  initial: DrawnPath;
  onPath(path: DrawnPath | null): void;
  /** The form's route error ("ERROR: Please create new Closure on map..."), when it shows. */
  error: string | null;
}) {
  useSignals();
  const onPathRef = useRef(onPath);
  onPathRef.current = onPath;
  const [session, setSession] = useState(0);
  /** What the next editing session starts from: the saved route, nothing after Clear, or the typed points. */
  const seed = useRef<LngLat[]>(initial.userRoute.map(toLngLat));

  useEffect(() => {
    startEditing({ kind: 'path', points: seed.current, endpointsOnly: true });
    return () => stopEditing();
  }, [session]);

  const drawn = editResult.value;
  const shownPoints: ShapePoint[] =
    drawn?.kind === 'path'
      ? drawn.points.map(toPoint)
      : initial.userRoute.map(({ lat, lng }) => ({ lat, lng }));
  const ends = drawn?.kind === 'path' && drawn.points.length === 2 ? drawn.points.map(toPoint) : null;
  const { route, streets, routing, routeFailure, forget } = useRouteBetween(initial, ends, onPathRef);
  useRouteLayer(route);

  const restart = (points: readonly ShapePoint[]) => {
    seed.current = points.map((point) => [point.lng, point.lat]);
    if (points.length < 2) forget();
    setSession((current) => current + 1);
  };
  const clear = () => restart([]);

  return (
    <fieldset className="closure-form__path" data-testid="closure-path">
      <legend>Closure path</legend>
      <p className="closure-form__hint">
        Click the map where the closure starts, then where it ends; drag either marker to move it. The path
        follows the roads. Or type the start and the end below.{' '}
        <Button variant="link" onClick={() => (openInstructions.value = 'closures')}>
          View Instructions
        </Button>
      </p>
      <p className="closure-form__streets" data-testid="closure-path-streets">
        {route.length >= 2 ? streets : routing ? 'Finding the route…' : 'No path yet'}
      </p>
      <Button size="small" onClick={clear}>
        Clear path
      </Button>
      <PointsEditor
        title="Start and end by coordinates"
        points={shownPoints}
        onChange={restart}
        maxPoints={2}
        pointName={(index) => (index === 0 ? 'Start' : 'End')}
        testId="closure-path-points"
      />
      {routeFailure ? (
        <p className="field__error" role="alert" data-testid="directions-error">
          {routeFailure}
        </p>
      ) : null}
      {error && !routeFailure ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
