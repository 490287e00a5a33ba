// Hazards as a table, newest first: when, which asset (when the screen shows several), the type and the severity.
// The hazards screen lists its search's hazards with it; the R2R results list the run's alerts.
import { useSignals } from '@preact/signals-react/runtime';
import { HAZARD_TYPE_LABELS, type Hazard } from '#domain/hazards/hazard';
import { formatTripTime } from './tripFormat.ts';
import './hazardTable.css';

type HazardTableProps = {
  label: string;
  hazards: readonly Hazard[];
  /** Asset names by id: given, the table has an Asset column. */
  assetNames?: ReadonlyMap<string, string>;
  caption?: string;
  rowTestId: string;
};

export function HazardTable({ label, hazards, assetNames, caption, rowTestId }: HazardTableProps) {
  useSignals();
  return (
    <table className="hazard-table" aria-label={label}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th>Time</th>
          {assetNames ? <th>Asset</th> : null}
          <th>Type</th>
          <th>Severity</th>
        </tr>
      </thead>
      <tbody>
        {hazards.map((hazard) => (
          <tr key={hazard.id} data-testid={rowTestId}>
            <td>{formatTripTime(hazard.time)}</td>
            {assetNames ? <td>{assetNames.get(hazard.thingId) ?? hazard.thingId}</td> : null}
            <td>{HAZARD_TYPE_LABELS[hazard.type]}</td>
            <td>{hazard.severity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
