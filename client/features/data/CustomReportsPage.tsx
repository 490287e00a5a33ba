// Custom reports (access §2 "data/reports" tab custom, §5; docs/data.md): the organization's reports, newest first,
// with Download and Delete, and Create New opening the form (`CustomReportForm.tsx`).
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import {
  CREATE_REPORTS,
  CUSTOM_REPORT_TYPE_LABELS,
  DELETE_REPORTS,
  REPORT_CLOSURE_TYPE_LABELS,
  sortCustomReports,
  type CustomReportItem,
} from '#domain/reports/customReport';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { formatListTime } from '#domain/units/displayTime';
import { deleteCustomReport, listCustomReports } from '../../api/dataFiles.ts';
import { apiClient, permissions, subscribedOrganization } from '../../session/session.ts';
import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { useAssetChoices } from '../../session/useAssetChoices.ts';
import { CustomReportForm } from './CustomReportForm.tsx';
import { openFile } from './dataFileActions.ts';
import { Button } from '../../ui/Button.tsx';

/** On the organization's wall clock, the one the form's times are in (UTC when it names none). */
const organizationZone = () => subscribedOrganization.value?.timezone || 'UTC';
const when = (instant: number) => formatListTime(instant, organizationZone());

function ReportRow({
  item,
  onDelete,
}: {
  item: CustomReportItem;
  onDelete: (item: CustomReportItem) => void;
}) {
  useSignals();
  const mayDelete = hasAnyPermission(permissions.value, DELETE_REPORTS);
  const subjects = [
    item.assetCount > 0 ? `${item.assetCount} asset${item.assetCount === 1 ? '' : 's'}` : null,
    ...item.closuresToInclude.map((type) => REPORT_CLOSURE_TYPE_LABELS[type].toLowerCase()),
  ].filter(Boolean);
  return (
    <li className="export-row" data-testid="custom-report-row">
      <div className="export-row__text">
        <span className="export-row__title">{item.title}</span>
        <span className="export-row__meta">
          {CUSTOM_REPORT_TYPE_LABELS[item.type]} · {when(item.startDateTime)} – {when(item.endDateTime)} ·{' '}
          {subjects.join(', ')}
          {item.type === 'mileage' && ` · ${item.unitOfMeasurement}${item.byRegion ? ', by region' : ''}`}
        </span>
        <span className="export-row__meta">
          Requested {when(item.requestedAt)} by {item.requestedByName}
        </span>
      </div>
      <div className="export-row__actions">
        <Button onClick={() => void openFile(item.fileId, false)} aria-label={`Download ${item.title} (PDF)`}>
          Download
        </Button>
        {mayDelete && (
          <Button onClick={() => onDelete(item)} aria-label={`Delete ${item.title}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

/** Custom reports (access §2 "data/reports" tab custom, §5): the organization's reports, newest first, each a PDF
 * made on first download; Create New opens the form. */
export function CustomReportsPage() {
  useSignals();
  const organizationId = subscribedOrganization.value?.id ?? null;
  const assets = useAssetChoices(organizationId);
  const [items, setItems] = useState<CustomReportItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const removal = useRemoval(
    (item: CustomReportItem) => deleteCustomReport(apiClient(), item.id),
    () => {
      void load();
    },
  );
  const mayCreate = hasAnyPermission(permissions.value, CREATE_REPORTS);

  const load = useCallback(async () => {
    if (!organizationId) return;
    const outcome = await listCustomReports(apiClient(), organizationId);
    if (outcome.ok) {
      setItems(sortCustomReports(outcome.value));
      setError(null);
    } else setError(outcome.message);
  }, [organizationId]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="data-page reports-page" aria-labelledby="custom-reports-title">
      <header className="data-page__header">
        <h1 id="custom-reports-title">Custom Reports</h1>
        <div className="data-page__tools">
          {mayCreate && !creating && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              Create New
            </Button>
          )}
        </div>
      </header>
      {creating && (
        <CustomReportForm
          assets={assets}
          onCancel={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void load();
          }}
        />
      )}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {items === null && !error && <p>Loading reports…</p>}
      <p className="field-hint" data-testid="list-zone">
        Times are in {organizationZone()}.
      </p>
      <ul className="export-list" aria-label="Custom reports">
        {items?.map((item) => (
          <ReportRow key={item.id} item={item} onDelete={removal.ask} />
        ))}
        {items?.length === 0 && <li className="export-list__empty">No custom reports yet</li>}
      </ul>
      <RemovalDialog removal={removal} title="Delete report">
        {(item) => <p>Delete “{item.title}”? Its file goes with it.</p>}
      </RemovalDialog>
    </section>
  );
}
