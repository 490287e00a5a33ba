// The asset detail's status block (live §2 "Asset detail panel"), one layout per case the worker chose
// (client/live/thingDetailView.ts): on an incident, pending or offline, or otherwise moving or parked.
import { assertNever } from '#domain/checks/assertNever';
import type { ThingStatusBlock as StatusBlock } from '../../live/pictureProtocol.ts';
import { durationOrNone, listTime, longTime } from '../../ui/displayTime.ts';
import { LiveDuration } from '../../ui/LiveDuration.tsx';

/** Arrived, Start and Last Sync read as the lists do; Last Online as live §2 says ("MMMM d, y p"). */
const timeText = listTime;

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="thing-detail__fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ThingStatusBlock({ block }: { block: StatusBlock }) {
  switch (block.kind) {
    case 'incident':
      return (
        <dl className="thing-detail__facts" data-testid="status-block" data-kind="incident">
          <Fact label="Location">
            {block.address ||
              (block.lat !== null && block.lng !== null
                ? `${block.lat.toFixed(5)}, ${block.lng.toFixed(5)}`
                : '—')}
          </Fact>
          <Fact label="Arrived">{timeText(block.arrivedAt)}</Fact>
          <Fact label="Time-to-Scene">{durationOrNone(block.timeToSceneMs)}</Fact>
          <Fact label="Duration" testId="incident-duration">
            {block.arrivedAt === null ? '—' : <LiveDuration since={block.arrivedAt} />}
          </Fact>
        </dl>
      );
    case 'lastOnline':
      return (
        <dl className="thing-detail__facts" data-testid="status-block" data-kind="lastOnline">
          <Fact label="Last Online">{longTime(block.lastOnline)}</Fact>
        </dl>
      );
    case 'moving':
      return (
        <dl className="thing-detail__facts" data-testid="status-block" data-kind="moving">
          <Fact label="Direction">{block.direction || '—'}</Fact>
          <Fact label="Speed">{block.speed || '—'}</Fact>
          {block.run ? (
            <>
              <Fact label="Start">{timeText(block.run.startTime)}</Fact>
              <Fact label="Run Time">
                {block.run.startTime === null ? '—' : <LiveDuration since={block.run.startTime} />}
              </Fact>
              <Fact label="Alert Points">{block.run.alertPoints}</Fact>
            </>
          ) : (
            <Fact label="Last Sync">{timeText(block.lastSync)}</Fact>
          )}
        </dl>
      );
    default:
      return assertNever(block);
  }
}
