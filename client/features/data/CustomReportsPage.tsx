import { useSignals } from '@preact/signals-react/runtime';
import { format } from 'date-fns';
import { useCallback, useEffect, useState } from 'react';
import type { MileageUnit } from '#domain/exports/exportRecord';
import { titleProblem as titleProblemOf } from '#domain/exports/exportRules';
import {
  CREATE_REPORTS,
  CUSTOM_REPORT_TITLE_MAX_LENGTH,
  CUSTOM_REPORT_TYPE_LABELS,
  CUSTOM_REPORT_TYPES,
  customReportChoicesProblem,
  customReportRangeProblem,
  defaultCustomReportRange,
  defaultCustomReportTitle,
  DELETE_REPORTS,
  REPORT_CLOSURE_TYPE_LABELS,
  REPORT_CLOSURE_TYPES,
  sortCustomReports,
  type CustomReportItem,
  type CustomReportType,
  type ReportClosureType,
} from '#domain/reports/customReport';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { formatListTime } from '#domain/units/displayTime';
import { instantOfWallTimeText, wallTimeText } from '#domain/units/zonedTime';
import {
  createCustomReport,
  deleteCustomReport,
  listCustomReports,
  type AssetChoice,
} from '../../api/dataFiles.ts';
import { apiClient, permissions, subscribedOrganization } from '../../app/session.ts';
import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { openFile, useAssetChoices } from './dataFileActions.ts';
import { CheckList, MileageOptions, RangeFields, RequestFormEnd, TitleField } from './RequestFormParts.tsx';

/** On the organization's wall clock, the one the form's times are in (UTC when it names none). */
const organizationZone = () => subscribedOrganization.value?.timezone || 'UTC';
const when = (instant: number) => formatListTime(instant, organizationZone());

/** The form; times are `datetime-local` texts on the organization's wall clock (UTC when "Use UTC" is on). */
type ReportForm = {
  type: CustomReportType;
  title: string;
  isUtc: boolean;
  things: string[];
  startText: string;
  endText: string;
  closuresToInclude: ReportClosureType[];
  byRegion: boolean;
  unitOfMeasurement: MileageUnit;
};

function initialForm(now: number, timeZone: string, countryCode: string): ReportForm {
  const range = defaultCustomReportRange(now, timeZone);
  return {
    type: 'activity',
    title: defaultCustomReportTitle('activity', format(now, 'yyyy-MM-dd')),
    isUtc: false,
    things: [],
    startText: wallTimeText(range.start, timeZone),
    endText: wallTimeText(range.end, timeZone),
    closuresToInclude: [],
    byRegion: false,
    unitOfMeasurement: countryCode === 'US' || countryCode === 'GB' ? 'miles' : 'kilometers',
  };
}

/** The new report's form (access §5 "Custom reports"): a rule's message shows after the first Create Report and
 * follows every change; the API's refusal shows above the button. */
function ReportFormPanel({
  assets,
  onCancel,
  onCreated,
}: {
  assets: AssetChoice[] | null;
  onCancel: () => void;
  onCreated: () => void;
}) {
  useSignals();
  const organization = subscribedOrganization.value;
  const timeZone = organization?.timezone || 'UTC';
  const [form, setForm] = useState(() => initialForm(Date.now(), timeZone, organization?.countryCode ?? ''));
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const zone = form.isUtc ? 'UTC' : timeZone;
  const start = instantOfWallTimeText(form.startText, zone);
  const end = instantOfWallTimeText(form.endText, zone);
  const rangeProblem = customReportRangeProblem(form.type, { start, end }, Date.now(), zone);
  const choicesProblem = customReportChoicesProblem(form.type, {
    thingIds: form.things,
    closuresToInclude: form.type === 'activity' ? form.closuresToInclude : [],
  });
  const titleProblem = titleProblemOf(form.title, CUSTOM_REPORT_TITLE_MAX_LENGTH);
  const change = (patch: Partial<ReportForm>) => setForm((previous) => ({ ...previous, ...patch }));

  const changeType = (type: CustomReportType) =>
    setForm((previous) => {
      const today = format(Date.now(), 'yyyy-MM-dd');
      const untouched = previous.title === defaultCustomReportTitle(previous.type, today);
      return { ...previous, type, title: untouched ? defaultCustomReportTitle(type, today) : previous.title };
    });

  const submit = async () => {
    setSubmitted(true);
    setApiError(null);
    if (rangeProblem || choicesProblem || titleProblem || start === null || end === null) return;
    setBusy(true);
    const outcome = await createCustomReport(apiClient(), {
      report_type: form.type,
      title: form.title.trim(),
      report_start_time: new Date(start).toISOString(),
      report_end_time: new Date(end).toISOString(),
      use_utc: form.isUtc,
      organization_id: organization?.id ?? '',
      thing_uuids: form.things,
      closures_to_include: form.type === 'activity' ? form.closuresToInclude : [],
      by_region: form.type === 'mileage' && form.byRegion,
      unit_of_measurement: form.unitOfMeasurement,
    });
    setBusy(false);
    if (outcome.ok) onCreated();
    else setApiError(outcome.message);
  };

  return (
    <form
      className="wizard-step export-form"
      aria-label="New custom report"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>New custom report</h2>
      <fieldset className="field">
        <legend>Report type</legend>
        {CUSTOM_REPORT_TYPES.map((type) => (
          <label key={type} className="choice">
            <input type="radio" name="report-type" checked={form.type === type} onChange={() => changeType(type)} />
            {CUSTOM_REPORT_TYPE_LABELS[type]}
          </label>
        ))}
      </fieldset>
      <TitleField
        value={form.title}
        maxLength={CUSTOM_REPORT_TITLE_MAX_LENGTH}
        problem={submitted ? titleProblem : null}
        onChange={(title) => change({ title })}
      />
      <RangeFields range={form} zone={zone} problem={submitted ? rangeProblem : null} onChange={change} />
      {form.type === 'activity' && (
        <CheckList
          legend="Closures to include"
          options={REPORT_CLOSURE_TYPES}
          labels={REPORT_CLOSURE_TYPE_LABELS}
          chosen={form.closuresToInclude}
          onChange={(closuresToInclude) => change({ closuresToInclude })}
        />
      )}
      {form.type === 'mileage' && (
        <MileageOptions byRegion={form.byRegion} unit={form.unitOfMeasurement} onChange={change} />
      )}
      <RequestFormEnd
        assets={assets}
        things={form.things}
        onThings={(things) => change({ things })}
        problem={submitted ? choicesProblem : null}
        apiError={apiError}
        busy={busy}
        back={
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        }
        submitLabel="Create Report"
      />
    </form>
  );
}

function ReportRow({ item, onDelete }: { item: CustomReportItem; onDelete: (item: CustomReportItem) => void }) {
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
        <button type="button" onClick={() => void openFile(item.fileId, false)} aria-label={`Download ${item.title} (PDF)`}>
          Download
        </button>
        {mayDelete && (
          <button type="button" onClick={() => onDelete(item)} aria-label={`Delete ${item.title}`}>
            Delete
          </button>
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
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              Create New
            </button>
          )}
        </div>
      </header>
      {creating && (
        <ReportFormPanel
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
        {items?.map((item) => <ReportRow key={item.id} item={item} onDelete={removal.ask} />)}
        {items?.length === 0 && <li className="export-list__empty">No custom reports yet</li>}
      </ul>
      <RemovalDialog removal={removal} title="Delete report">
        {(item) => <p>Delete “{item.title}”? Its file goes with it.</p>}
      </RemovalDialog>
    </section>
  );
}
