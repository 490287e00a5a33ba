// The Export wizard (access §2 "Export wizard", §3 "Export request", §5 "Exports"): the type, then the form on the
// kit's `useForm` (title, range, the type's options, the asset transfer lists fed by the live worker), then "Export
// In-Progress". Export CSV stays enabled on an untouched form: its defaults are a valid request (docs/data.md).
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
import type { AssetChoice } from '#domain/things/assetChoices';
import { wallTimeText } from '#domain/units/zonedTime';
import { createExport } from '../../api/dataFiles.ts';
import { apiClient, subscribedOrganization } from '../../session/session.ts';
import { useAssetChoices } from '../../session/useAssetChoices.ts';
import { useForm } from '../../ui/useForm.ts';
import {
  CheckList,
  choicesChanged,
  MileageOptions,
  presentProblems,
  rangeChanged,
  RangeFields,
  rangeOf,
  REQUEST_FIELDS,
  REQUEST_FORM,
  RequestFormEnd,
  requestTimes,
  TitleField,
} from './RequestFormParts.tsx';
import { EXPORTS_PATH } from './ExportsPage.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, ChoiceFieldset, Radio } from '../../ui/ChoiceField.tsx';
import { Form } from '../../ui/Form.tsx';

const CLOSURE_TYPE_LABELS: Record<ClosureType, string> = {
  manual: 'Manual',
  automated: 'Automated',
  feed: 'Feed',
};
/** A closure export opens with the organization's own closures ticked (issue 37 item 10): with none ticked its first
 * Export CSV met "Must include at least 1 Closure type or Asset"; feed closures are other agencies', asked for. */
const USUAL_CLOSURE_TYPES: readonly ClosureType[] = ['manual', 'automated'];

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
    closuresToInclude: [...USUAL_CLOSURE_TYPES],
    byRegion: false,
    unitOfMeasurement: countryCode === 'US' || countryCode === 'GB' ? 'miles' : 'kilometers',
  };
}

function TypeStep({ onCreate }: { onCreate: (type: ExportType) => void }) {
  const [choice, setChoice] = useState<ExportType | null>(null);
  return (
    <ChoiceFieldset className="wizard-step" legend="Choose the type of export">
      {EXPORT_TYPES.map((type) => (
        <Radio
          key={type}
          className="choice"
          name="export-type"
          label={EXPORT_TYPE_LABELS[type]}
          checked={choice === type}
          onSelect={() => setChoice(type)}
        />
      ))}
      <Button variant="primary" disabled={choice === null} onClick={() => choice && onCreate(choice)}>
        Create
      </Button>
    </ChoiceFieldset>
  );
}

/** The form's rules (access §5 "Exports"): the title, the range (in the chosen zone) and the choices of the type. */
function exportProblems(values: ExportForm, timeZone: string, now: number) {
  const { zone, start, end } = rangeOf(values, timeZone);
  return presentProblems({
    title: titleProblemOf(values.title, EXPORT_TITLE_MAX_LENGTH),
    range: exportRangeProblem(values.type, { start, end }, now, zone),
    choices: exportChoicesProblem(values.type, {
      thingIds: values.things,
      closuresToInclude: values.closuresToInclude,
    }),
  });
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
  assets: readonly AssetChoice[] | null;
  onBack: () => void;
  onCreated: () => void;
}) {
  useSignals();
  const organizationId = subscribedOrganization.value?.id ?? '';
  const form = useForm(
    REQUEST_FORM,
    initial,
    (values) => exportProblems(values, timeZone, Date.now()),
    REQUEST_FIELDS,
  );
  const { values } = form;
  const { zone } = rangeOf(values, timeZone);

  const send = async () => {
    const created = await form.submit(async (current) => {
      const times = requestTimes(current, timeZone);
      if (!times.ok) return times;
      return createExport(apiClient(), {
        export_type: current.type,
        title: current.title.trim(),
        export_start_time: times.value.start,
        export_end_time: times.value.end,
        use_utc: current.isUtc,
        organization_id: organizationId,
        thing_uuids: current.things,
        include_no_thing_il: current.includeNoThings,
        closures_to_include: current.closuresToInclude,
        by_region: current.byRegion,
        unit_of_measurement: current.unitOfMeasurement,
      });
    });
    if (created) onCreated();
  };

  return (
    <Form
      className="wizard-step export-form"
      onSubmit={() => {
        void send();
      }}
    >
      <h2>{EXPORT_TYPE_LABELS[values.type]} export</h2>
      <TitleField {...form.bind('title')} maxLength={EXPORT_TITLE_MAX_LENGTH} />
      <RangeFields
        range={values}
        zone={zone}
        error={form.errorOf('range', rangeChanged(values, initial))}
        onChange={(patch) => form.update('range', patch)}
      />
      {values.type === 'incident' && (
        <Checkbox
          className="choice"
          label="Include incidents without assets"
          checked={values.includeNoThings}
          onChange={(checked) => form.set('includeNoThings', checked)}
        />
      )}
      {values.type === 'closure' && (
        <CheckList
          legend="Closures to include"
          options={CLOSURE_TYPES}
          labels={CLOSURE_TYPE_LABELS}
          chosen={values.closuresToInclude}
          onChange={(closuresToInclude) => form.update('choices', { closuresToInclude })}
        />
      )}
      {values.type === 'mileage' && (
        <MileageOptions
          byRegion={values.byRegion}
          unit={values.unitOfMeasurement}
          onChange={(patch) => form.update('mileage', patch)}
        />
      )}
      <RequestFormEnd
        assets={assets}
        things={values.things}
        onThings={(things) => form.update('choices', { things })}
        problem={form.errorOf('choices', choicesChanged(values, initial))}
        apiError={form.apiError}
        busy={form.submitting}
        back={<Button onClick={onBack}>Back</Button>}
        submitLabel="Export CSV"
      />
    </Form>
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
            setStep({
              kind: 'form',
              form: initialForm(type, Date.now(), timeZone, organization?.countryCode ?? ''),
            })
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
          <Button variant="primary" onClick={() => setLeaving(true)}>
            Got It
          </Button>
        </div>
      )}
    </section>
  );
}
