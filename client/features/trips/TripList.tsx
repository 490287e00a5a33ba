// The runs found, newest first (access §3 "Trip"): asset, start, end and duration, whether the run is still going,
// and a switch to show it on the map; the assets whose query failed are named with their message.
import { useSignals } from '@preact/signals-react/runtime';
import type { MergedTrips } from '#domain/trips/trip';
import { duration as formatDuration } from '../../ui/displayTime.ts';
import { colourText, assetColours } from '../../ui/tripLayers.ts';
import { formatTripTime } from '../../ui/tripFormat.ts';
import { hiddenTripIds, toggleTrip } from './tripsState.ts';
import { Checkbox } from '../../ui/ChoiceField.tsx';

export function TripList({ result }: { result: MergedTrips }) {
  useSignals();
  const hidden = hiddenTripIds.value;
  const colours = assetColours(result.trips);
  if (result.error) {
    return (
      <p className="trip-list__error" role="alert">
        {result.error}
      </p>
    );
  }
  return (
    <section className="trip-list" aria-label="Runs">
      {result.failures.map((failure) => (
        <p key={failure.thingId} className="trip-list__error" role="alert">
          {failure.thingName}: {failure.message}
        </p>
      ))}
      {result.trips.length === 0 ? <p className="trip-list__empty">No runs in this range.</p> : null}
      <ol className="trip-list__runs">
        {result.trips.map((trip) => {
          const colour = colours.get(trip.thingId);
          return (
            <li key={trip.id} className="trip-list__run" data-testid="trip-run">
              <Checkbox
                label={
                  <>
                    <span
                      className="trip-list__swatch"
                      style={{ background: colour ? colourText(colour) : undefined }}
                      aria-hidden="true"
                    />
                    <strong>{trip.thingName}</strong>
                    {trip.isActive ? <span className="trip-list__active">In progress</span> : null}
                  </>
                }
                checked={!hidden.has(trip.id)}
                onChange={() => toggleTrip(trip.id)}
              />
              <dl>
                <dt>Start</dt>
                <dd>{formatTripTime(trip.start)}</dd>
                <dt>End</dt>
                <dd>{formatTripTime(trip.end)}</dd>
                <dt>Duration</dt>
                <dd>{formatDuration(trip.duration)}</dd>
              </dl>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
