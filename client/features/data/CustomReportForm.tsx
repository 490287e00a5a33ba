// The new custom report's form (access §5 "Custom reports"; docs/data.md): type, title, range with Use UTC, closures
// to include (activity), unit and By region (mileage), the asset transfer lists fed by the live worker, Create
// Report. Its state is the kit's `useForm`: a rule's message shows once its field was touched and changed, or after
// the first Create Report; the API's refusal shows above the button.
import { useSignals } from '@preact/signals-react/runtime';
import { format } from 'date-fns';
import { useState } from 'react';
import type { MileageUnit } from '#domain/exports/exportRecord';
import { titleProblem as titleProblemOf } from '#domain/exports/exportRules';
import {
  CUSTOM_REPORT_TITLE_MAX_LENGTH,
  CUSTOM_REPORT_TYPE_LABELS,
  CUSTOM_REPORT_TYPES,
  customReportChoicesProblem,
  customReportRangeProblem,
  defaultCustomReportRange,
  defaultCustomReportTitle,
  REPORT_CLOSURE_TYPE_LABELS,
  REPORT_CLOSURE_TYPES,
  type CustomReportType,
  type ReportClosureType,
} from '#domain/reports/customReport';
import type { AssetChoice } from '#domain/things/assetChoices';
import { wallTimeText } from '#domain/units/zonedTime';
import { createCustomReport } from '../../api/dataFiles.ts';
import { apiClient, subscribedOrganization } from '../../session/session.ts';
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
import { Button } from '../../ui/Button.tsx';
import { ChoiceFieldset, Radio } from '../../ui/ChoiceField.tsx';
import { Form } from '../../ui/Form.tsx';

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

/** Closure types count for activity reports only. */
const closuresOf = (values: ReportForm) => (values.type === 'activity' ? values.closuresToInclude : []);

function reportProblems(values: ReportForm, timeZone: string, now: number) {
  const { zone, start, end } = rangeOf(values, timeZone);
  return presentProblems({
    title: titleProblemOf(values.title, CUSTOM_REPORT_TITLE_MAX_LENGTH),
    range: customReportRangeProblem(values.type, { start, end }, now, zone),
    choices: customReportChoicesProblem(values.type, {
      thingIds: values.things,
      closuresToInclude: closuresOf(values),
    }),
  });
}

export function CustomReportForm({
  assets,
  onCancel,
  onCreated,
}: {
  assets: readonly AssetChoice[] | null;
  onCancel: () => void;
  onCreated: () => void;
}) {
  useSignals();
  const organization = subscribedOrganization.value;
  const timeZone = organization?.timezone || 'UTC';
  const [initial] = useState(() => initialForm(Date.now(), timeZone, organization?.countryCode ?? ''));
  const form = useForm(
    REQUEST_FORM,
    initial,
    (values) => reportProblems(values, timeZone, Date.now()),
    REQUEST_FIELDS,
  );
  const { values } = form;
  const { zone } = rangeOf(values, timeZone);

  // A title still at its default follows the type; one the user wrote stays.
  const changeType = (type: CustomReportType) => {
    const today = format(Date.now(), 'yyyy-MM-dd');
    const untouched = values.title === defaultCustomReportTitle(values.type, today);
    form.update('type', { type, title: untouched ? defaultCustomReportTitle(type, today) : values.title });
  };

  const send = async () => {
    const created = await form.submit(async (current) => {
      const times = requestTimes(current, timeZone);
      if (!times.ok) return times;
      return createCustomReport(apiClient(), {
        report_type: current.type,
        title: current.title.trim(),
        report_start_time: times.value.start,
        report_end_time: times.value.end,
        use_utc: current.isUtc,
        organization_id: organization?.id ?? '',
        thing_uuids: current.things,
        closures_to_include: closuresOf(current),
        by_region: current.type === 'mileage' && current.byRegion,
        unit_of_measurement: current.unitOfMeasurement,
      });
    });
    if (created) onCreated();
  };

  return (
    <Form
      className="wizard-step export-form"
      aria-label="New custom report"
      onSubmit={() => {
        void send();
      }}
    >
      <h2>New custom report</h2>
      <ChoiceFieldset className="field" legend="Report type">
        {CUSTOM_REPORT_TYPES.map((type) => (
          <Radio
            key={type}
            className="choice"
            name="report-type"
            label={CUSTOM_REPORT_TYPE_LABELS[type]}
            checked={values.type === type}
            onSelect={() => changeType(type)}
          />
        ))}
      </ChoiceFieldset>
      <TitleField {...form.bind('title')} maxLength={CUSTOM_REPORT_TITLE_MAX_LENGTH} />
      <RangeFields
        range={values}
        zone={zone}
        error={form.errorOf('range', rangeChanged(values, initial))}
        onChange={(patch) => form.update('range', patch)}
      />
      {values.type === 'activity' && (
        <CheckList
          legend="Closures to include"
          options={REPORT_CLOSURE_TYPES}
          labels={REPORT_CLOSURE_TYPE_LABELS}
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
        problem={form.errorOf('choices', choicesChanged(values, initial) || values.type !== initial.type)}
        apiError={form.apiError}
        busy={form.submitting}
        back={<Button onClick={onCancel}>Cancel</Button>}
        submitLabel="Create Report"
      />
    </Form>
  );
}
