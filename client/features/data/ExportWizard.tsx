import { useSignals } from '@preact/signals-react/runtime';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { CLOSURE_TYPES, type ClosureType } from '#domain/closures/closure';
import {
  EXPORT_TITLE_MAX_LENGTH,
  EXPORT_TYPES,
  type ExportType,
  type MileageUnit,
} from '#domain/exports/exportRecord';
import {
  defaultExportRange,
  defaultExportTitle,
  EXPORT_IN_PROGRESS_NOTICE,
  EXPORT_REDIRECT_MS,
  EXPORT_TYPE_LABELS,
  exportChoicesProblem,
  exportRangeProblem,
  titleProblem as titleProblemOf,
} from '#domain/exports/exportRules';
import { instantOfWallTimeText, wallTimeText } from '#domain/units/zonedTime';
import { createExport, type AssetChoice } from '../../api/dataFiles.ts';
import { apiClient, subscribedOrganization } from '../../app/session.ts';
import { useAssetChoices } from './dataFileActions.ts';
import { CheckList, MileageOptions, RangeFields, RequestFormEnd, TitleField } from './RequestFormParts.tsx';
import { EXPORTS_PATH } from './ExportsPage.tsx';

const CLOSURE_TYPE_LABELS: Record<ClosureType, string> = { manual: 'Manual', automated: 'Automated', feed: 'Feed' };

/** The form (access §3 "Export request (form)"); times are `datetime-local` texts on the chosen zone's wall clock. */
type ExportForm = {
  type: ExportType;
  title: string;
  isUtc: boolean;
  things: string[];
  startText: string;
  endText: string;
  includeNoThings: boolean;
  closuresToInclude: ClosureType[];
  byRegion: boolean;
  unitOfMeasurement: MileageUnit;
};

function initialForm(type: ExportType, now: number, timeZone: string, countryCode: string): ExportForm {
  const range = defaultExportRange(type, now, timeZone);
  return {
    type,
    title: defaultExportTitle(type, format(now, 'yyyy-MM-dd')),
    isUtc: false,
    things: [],
    startText: wallTimeText(range.start, timeZone),
    endText: wallTimeText(range.end, timeZone),
    includeNoThings: false,
    closuresToInclude: [],
    byRegion: false,
    unitOfMeasurement: countryCode === 'US' || countryCode === 'GB' ? 'miles' : 'kilometers',
  };
}

function TypeStep({ onCreate }: { onCreate: (type: ExportType) => void }) {
  const [choice, setChoice] = useState<ExportType | null>(null);
  return (
    <fieldset className="wizard-step">
      <legend>Choose the type of export</legend>
      {EXPORT_TYPES.map((type) => (
        <label key={type} className="choice">
          <input type="radio" name="export-type" checked={choice === type} onChange={() => setChoice(type)} />
          {EXPORT_TYPE_LABELS[type]}
        </label>
      ))}
      <button
        type="button"
        className="button button--primary"
        disabled={choice === null}
        onClick={() => choice && onCreate(choice)}
      >
        Create
      </button>
    </fieldset>
  );
}

function FormStep({
  initial,
  timeZone,
  assets,
  onBack,
  onCreated,
}: {
  initial: ExportForm;
  timeZone: string;
  assets: AssetChoice[] | null;
  onBack: () => void;
  onCreated: () => void;
}) {
  useSignals();
  const organizationId = subscribedOrganization.value?.id ?? '';
  const [form, setForm] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [apiError, setApiError] = useState<string | null>(null);
  const zone = form.isUtc ? 'UTC' : timeZone;
  const start = instantOfWallTimeText(form.startText, zone);
  const end = instantOfWallTimeText(form.endText, zone);
  const rangeProblem = exportRangeProblem(form.type, { start, end }, Date.now(), zone);
  const choicesProblem = exportChoicesProblem(form.type, {
    thingIds: form.things,
    closuresToInclude: form.closuresToInclude,
  });
  const titleProblem = titleProblemOf(form.title, EXPORT_TITLE_MAX_LENGTH);
  const change = (patch: Partial<ExportForm>) => setForm((previous) => ({ ...previous, ...patch }));

  const submit = async () => {
    setSubmitted(true);
    setApiError(null);
    if (rangeProblem || choicesProblem || titleProblem || start === null || end === null) return;
    setBusy(true);
    const outcome = await createExport(apiClient(), {
      export_type: form.type,
      title: form.title.trim(),
      export_start_time: new Date(start).toISOString(),
      export_end_time: new Date(end).toISOString(),
      use_utc: form.isUtc,
      organization_id: organizationId,
      thing_uuids: form.things,
      include_no_thing_il: form.includeNoThings,
      closures_to_include: form.closuresToInclude,
      by_region: form.byRegion,
      unit_of_measurement: form.unitOfMeasurement,
    });
    setBusy(false);
    if (outcome.ok) onCreated();
    else setApiError(outcome.message);
  };

  return (
    <form
      className="wizard-step export-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{EXPORT_TYPE_LABELS[form.type]} export</h2>
      <TitleField
        value={form.title}
        maxLength={EXPORT_TITLE_MAX_LENGTH}
        problem={submitted ? titleProblem : null}
        onChange={(title) => change({ title })}
      />
      <RangeFields range={form} zone={zone} problem={submitted ? rangeProblem : null} onChange={change} />
      {form.type === 'incident' && (
        <label className="choice">
          <input
            type="checkbox"
            checked={form.includeNoThings}
            onChange={(event) => change({ includeNoThings: event.target.checked })}
          />
          Include incidents without assets
        </label>
      )}
      {form.type === 'closure' && (
        <CheckList
          legend="Closures to include"
          options={CLOSURE_TYPES}
          labels={CLOSURE_TYPE_LABELS}
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
          <button type="button" onClick={onBack}>
            Back
          </button>
        }
        submitLabel="Export CSV"
      />
    </form>
  );
}

/** The Export wizard (access §2): type, then the form, then "Export In-Progress". */
export function ExportWizard() {
  useSignals();
  const [, navigate] = useLocation();
  const organization = subscribedOrganization.value;
  const timeZone = organization?.timezone || 'UTC';
  const assets = useAssetChoices(organization?.id ?? null);
  const [step, setStep] = useState<{ kind: 'type' } | { kind: 'form'; form: ExportForm } | { kind: 'done' }>({
    kind: 'type',
  });
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => navigate(EXPORTS_PATH), EXPORT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [leaving, navigate]);

  return (
    <section className="data-page export-wizard" aria-labelledby="export-wizard-title">
      <header className="data-page__header">
        <h1 id="export-wizard-title">New Export</h1>
      </header>
      {step.kind === 'type' && (
        <TypeStep
          onCreate={(type) =>
            setStep({ kind: 'form', form: initialForm(type, Date.now(), timeZone, organization?.countryCode ?? '') })
          }
        />
      )}
      {step.kind === 'form' && (
        <FormStep
          initial={step.form}
          timeZone={timeZone}
          assets={assets}
          onBack={() => setStep({ kind: 'type' })}
          onCreated={() => setStep({ kind: 'done' })}
        />
      )}
      {step.kind === 'done' && (
        <div className="wizard-step" role="status">
          <h2>Export In-Progress</h2>
          <p>{EXPORT_IN_PROGRESS_NOTICE}</p>
          <button type="button" className="button button--primary" onClick={() => setLeaving(true)}>
            Got It
          </button>
        </div>
      )}
    </section>
  );
}
