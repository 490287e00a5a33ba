// Points typed instead of drawn (issue 26, WCAG 2.5.7 "dragging movements"): the list of a shape's points with each
// one's latitude and longitude, a pair of fields that adds a point (or changes the one being edited), and Remove.
// The Areas polygon, the Zones line and the closure path all use it beside their map drawing; whatever is typed
// goes to the map and whatever is drawn shows here. Coordinates are truncated to 7 decimals (live §9) and must lie in
// the valid ranges; Enter in a field adds the point instead of submitting the form around it. The fields are labelled
// "Lat" and "Lng", as the map's coordinate texts read, so they are never confused with a form's own Latitude field.
// While a point is being edited, ArrowUp and ArrowDown in its fields nudge it (0.00001°, about a metre; with Shift
// 0.0001°) and move it on the map at once: the arrow-key way of moving a corner.
import { useId, useState, type KeyboardEvent } from 'react';
import { isValidLatitude, isValidLongitude, truncateCoordinate } from '#domain/units/coordinates';
// A point as the domain writes one; the map's shape editing (client/map/useShapeEditing.ts) uses the same shape.
import type { LatLng as ShapePoint } from '#domain/things/thing';
import { Button } from './Button.tsx';
import './pointsEditor.css';

export const LATITUDE_RANGE_ERROR = 'Latitude must be a number from -90 to 90';
export const LONGITUDE_RANGE_ERROR = 'Longitude must be a number from -180 to 180';

/** Five decimals in the list, as menus and closure details show coordinates (live §9). */
const shown = (value: number) => value.toFixed(5);

const NUDGE_DEGREES = 0.00001;
const BIG_NUDGE_DEGREES = 0.0001;

function parsed(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim());
}

/**
 * The point moved by one nudge along `axis` (`direction` 1 up, -1 down; `big` with Shift), or null when that would
 * leave the valid ranges.
 */
export function nudgedPoint(
  point: ShapePoint,
  axis: 'lat' | 'lng',
  direction: 1 | -1,
  big: boolean,
): ShapePoint | null {
  const step = (big ? BIG_NUDGE_DEGREES : NUDGE_DEGREES) * direction;
  // Rounded to the step's decimals first, so repeated nudges do not gather floating-point noise.
  const moved = { ...point, [axis]: truncateCoordinate(Number((point[axis] + step).toFixed(7))) };
  return isValidLatitude(moved.lat) && isValidLongitude(moved.lng) ? moved : null;
}

/** The points typed or drawn so far, each with Edit and Remove named after it. */
function PointList({
  points,
  pointName,
  onEdit,
  onRemove,
}: {
  points: readonly ShapePoint[];
  pointName(index: number): string;
  onEdit(index: number): void;
  onRemove(index: number): void;
}) {
  if (points.length === 0) return null;
  return (
    <ol className="points-editor__list">
      {points.map((point, index) => (
        <li key={`${index}-${point.lat}-${point.lng}`} className="points-editor__point">
          <span>
            {pointName(index)}: {shown(point.lat)}, {shown(point.lng)}
          </span>
          <Button
            size="small"
            aria-label={`Edit ${pointName(index).toLowerCase()}`}
            onClick={() => onEdit(index)}
          >
            Edit
          </Button>
          <Button
            size="small"
            aria-label={`Remove ${pointName(index).toLowerCase()}`}
            onClick={() => onRemove(index)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ol>
  );
}

/** A coordinate typed as decimal text ("Lat" or "Lng"). */
function CoordinateField({
  id,
  label,
  placeholder,
  value,
  invalid,
  onChange,
  onKeyDown,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  invalid: boolean;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        aria-invalid={invalid}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

export function PointsEditor({
  title,
  points,
  onChange,
  maxPoints = Number.POSITIVE_INFINITY,
  pointName = (index) => `Point ${index + 1}`,
  testId,
}: {
  title: string;
  points: readonly ShapePoint[];
  onChange(points: ShapePoint[]): void;
  /** A closure path has a start and an end only. */
  maxPoints?: number;
  pointName?(index: number): string;
  testId: string;
}) {
  const id = useId();
  const [latitude, setLatitude] = useState('');
  const [longitude, setLongitude] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const full = editing === null && points.length >= maxPoints;

  const reset = () => {
    setLatitude('');
    setLongitude('');
    setEditing(null);
    setError(null);
  };

  const commit = () => {
    const lat = parsed(latitude);
    const lng = parsed(longitude);
    if (!isValidLatitude(lat)) return setError(LATITUDE_RANGE_ERROR);
    if (!isValidLongitude(lng)) return setError(LONGITUDE_RANGE_ERROR);
    const point = { lat: truncateCoordinate(lat), lng: truncateCoordinate(lng) };
    const next =
      editing === null ? [...points, point] : points.map((old, index) => (index === editing ? point : old));
    reset();
    onChange(next);
  };

  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!full) commit();
  };

  /** ArrowUp/ArrowDown move the point being edited along the field's axis, on the map as well. */
  const nudge = (axis: 'lat' | 'lng', event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return onEnter(event);
    const point = editing === null ? undefined : points[editing];
    if (!point) return;
    event.preventDefault();
    const moved = nudgedPoint(point, axis, event.key === 'ArrowUp' ? 1 : -1, event.shiftKey);
    if (moved === null) return;
    setLatitude(String(moved.lat));
    setLongitude(String(moved.lng));
    onChange(points.map((old, index) => (index === editing ? moved : old)));
  };

  const edit = (index: number) => {
    const point = points[index];
    if (!point) return;
    setEditing(index);
    setLatitude(String(point.lat));
    setLongitude(String(point.lng));
    setError(null);
  };

  const remove = (index: number) => {
    reset();
    onChange(points.filter((_, at) => at !== index));
  };

  const action = editing === null ? 'Add point' : `Save ${pointName(editing).toLowerCase()}`;
  return (
    <fieldset className="points-editor" data-testid={testId}>
      <legend>{title}</legend>
      <PointList points={points} pointName={pointName} onEdit={edit} onRemove={remove} />
      {full ? null : (
        <div className="points-editor__entry">
          <CoordinateField
            id={`${id}-lat`}
            label="Lat"
            placeholder="41.8623"
            value={latitude}
            invalid={error === LATITUDE_RANGE_ERROR}
            onChange={setLatitude}
            onKeyDown={(event) => nudge('lat', event)}
          />
          <CoordinateField
            id={`${id}-lng`}
            label="Lng"
            placeholder="-87.6167"
            value={longitude}
            invalid={error === LONGITUDE_RANGE_ERROR}
            onChange={setLongitude}
            onKeyDown={(event) => nudge('lng', event)}
          />
          <div className="points-editor__actions">
            <Button onClick={commit}>{action}</Button>
            {editing !== null ? <Button onClick={reset}>Cancel</Button> : null}
          </div>
        </div>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
