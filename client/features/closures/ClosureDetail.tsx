// A closure's detail (live §2 "Closures" detail): status in text and colour (and, when scheduled, when it starts),
// start and end times, Unique ID for feed closures, the associated asset, description, "{type} Closure", the start
// and end streets with lat/lon to 5 decimals, alert message, direction of travel, impacted lanes, the WZDx block,
// Edit (disabled with "Managed by WZDx feed" for feed closures), "Delete Closure" (disabled for feed closures) and
// the owner.
import { Link, useLocation } from 'wouter';
import {
  CLOSURE_STATUS_LABELS,
  CLOSURE_TYPE_LABELS,
  displayedClosureTimes,
  scheduledStartOf,
  scheduledText,
  type Closure,
  type RoutePoint,
} from '#domain/closures/closure';
import { DIRECTION_LABELS, MANAGED_BY_FEED, wzdxWords } from '#domain/closures/closureForm';

import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { listTime } from '../../ui/displayTime.ts';
import {
  CLOSURES_PATH,
  closureEditPath,
  isDashboardManaged,
  mayDeleteClosure,
  mayEditClosure,
} from './closureAccess.ts';
import { ClosureStatusIcon } from './ClosureRow.tsx';
import { deleteOwnClosure } from './closuresStore.ts';
import { Button } from '../../ui/Button.tsx';

const fiveDecimals = (value: number) => value.toFixed(5);

function PointText({ street, point }: { street: string; point: RoutePoint | undefined }) {
  return (
    <>
      {street || '—'}
      {point ? (
        <span className="closure-detail__coordinates">
          {' '}
          ({fiveDecimals(point.lat)}, {fiveDecimals(point.lng)})
        </span>
      ) : null}
    </>
  );
}

function Fields({ rows }: { rows: readonly (readonly [string, React.ReactNode])[] }) {
  return (
    <dl className="closure-detail__fields">
      {rows.map(([label, value]) => (
        <div key={label} className="closure-detail__field" data-field={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ClosureDetail({
  closure,
  viewer,
  now,
}: {
  closure: Closure;
  viewer: { permissions: ReadonlySet<string>; isMobile: boolean };
  now: number;
}) {
  const [, navigate] = useLocation();
  const removal = useRemoval(
    (target: Closure) => deleteOwnClosure(target),
    () => navigate(CLOSURES_PATH),
  );
  // The dashboard's one time rule (client/ui/displayTime.ts): the organization's zone, named after the time.
  const format = listTime;
  const times = displayedClosureTimes(closure, now);
  const scheduledStart = scheduledStartOf(closure, now);
  const managed = isDashboardManaged(closure);
  const mayEdit = mayEditClosure(closure, viewer);
  const mayDelete = mayDeleteClosure(closure, viewer);
  const path = closure.routePath;
  const start = path[0];
  const end = path[path.length - 1];
  const rows: [string, React.ReactNode][] = [
    [
      'Status',
      <span className={`closure-status-text closure-status-text--${closure.status}`}>
        {CLOSURE_STATUS_LABELS[closure.status]}
        {scheduledStart === null ? null : ` · ${scheduledText(format(scheduledStart))}`}
      </span>,
    ],
    ['Start time', times.start === null ? '—' : format(times.start)],
    ['End time', times.end === null ? '—' : format(times.end)],
    ...(closure.closureType === 'feed' ? ([['Unique ID', closure.wzdxId || '—']] as [string, string][]) : []),
    ['Association', closure.thingName || 'None'],
    ['Description', closure.description],
    ['Type', `${CLOSURE_TYPE_LABELS[closure.closureType]} Closure`],
    ['Closure Start', <PointText street={closure.streetStart} point={start} />],
    ['Closure End', <PointText street={closure.streetEnd} point={end} />],
    ['Alert Message', closure.alertMessage || '—'],
    ['Direction of Travel', closure.direction ? DIRECTION_LABELS[closure.direction] : '—'],
    ['Impacted Lanes', closure.impactedLanes.length > 0 ? closure.impactedLanes.join(', ') : '—'],
  ];
  return (
    <section className="closure-detail" aria-labelledby="closure-detail-title" data-testid="closure-detail">
      <Link href={CLOSURES_PATH} className="link closure-detail__back">
        ‹ Closures
      </Link>
      <h1 id="closure-detail-title" className="closure-detail__title">
        <ClosureStatusIcon closure={closure} /> {closure.description}
      </h1>
      <Fields rows={rows} />
      {closure.isWzdxOrg || closure.isPublishOn ? (
        <section className="closure-detail__wzdx" aria-label="WZDx" data-testid="closure-wzdx">
          <h2>WZDx</h2>
          <Fields
            rows={[
              ['Published', closure.isPublishOn ? 'Yes' : 'No'],
              ['Unique ID', closure.wzdxId || '—'],
              ['Location Method', wzdxWords(closure.locationMethod) || '—'],
              ['Vehicle Impact', wzdxWords(closure.vehicleImpact) || '—'],
              ['Group ID', closure.groupId || '—'],
            ]}
          />
        </section>
      ) : null}
      <div className="closure-detail__actions">
        {mayEdit ? (
          <Link href={closureEditPath(closure.id)} className="button button--primary">
            Edit
          </Link>
        ) : (
          <Button disabled title={managed ? 'Not authorized' : MANAGED_BY_FEED}>
            Edit
          </Button>
        )}
        {managed ? null : <span className="closure-detail__lock">{MANAGED_BY_FEED}</span>}
        <Button disabled={!mayDelete} onClick={() => removal.ask(closure)}>
          Delete Closure
        </Button>
      </div>
      <p className="closure-detail__owner">Owner: {closure.organizationName || '—'}</p>
      <RemovalDialog removal={removal} title="Delete Closure">
        {(target) => <p>Delete “{target.description}”? Approaching drivers will no longer be alerted.</p>}
      </RemovalDialog>
    </section>
  );
}
