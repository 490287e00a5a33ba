// Device config files and the sample device configuration export (access §3 "Config file", §5 "Config file"):
// the settings an installer loads onto an alerting device so it reports for the organization. Read top to bottom:
// the wire record and the save body (field rules with the product's texts as pipes), the client model and mapper,
// then the rules: the pin rule across fields and the sample export in JSON and CSV with the R2R defaults.
import * as v from 'valibot';
import { csvCell } from '#domain/wire/csv';

// ---------------------------------------------------------------------------------------------
// Wire schema

export const REQUIRED = 'Required';
export const SAME_AS_WARNING_LIGHT_PIN = 'Cannot be the same as Warning Light Pin';

/** Our choices where the document names the fields only (docs/contract.md). */
export const PLATFORMS = ['raspberry_pi', 'linux', 'windows'] as const;
export const MODELS = ['HA5', 'HA7'] as const;
export const LOCATION_TYPES = ['mobile', 'fixed'] as const;
export const DEFAULT_HEARTBEAT_INTERVAL = 2;
/** GPIO header pins of the supported boards. */
export const MAX_PIN = 40;

const requiredText = (maxLength: number) =>
  v.pipe(
    v.string(REQUIRED),
    v.trim(),
    v.minLength(1, REQUIRED),
    v.maxLength(maxLength, `${maxLength} Max Characters`),
  );
export const WHOLE_NUMBER = 'Must be a whole number';
export const HEARTBEAT_RANGE = 'Must be between 1 and 3600 seconds';

/** A number field left empty is absent (Required); a text that is no number arrives as NaN and says so. */
const numberMessage = (missing: string, notNumber: string) => (issue: v.NumberIssue) =>
  Number.isNaN(issue.input) ? notNumber : missing;

const pin = v.pipe(
  v.number(numberMessage(REQUIRED, WHOLE_NUMBER)),
  v.integer(WHOLE_NUMBER),
  v.minValue(1, `Must be between 1 and ${MAX_PIN}`),
  v.maxValue(MAX_PIN, `Must be between 1 and ${MAX_PIN}`),
);

/** `POST /api/organization/config_files`. */
export const ConfigFileSaveSchema = v.object({
  file_name: v.pipe(
    requiredText(100),
    v.regex(/^[\w.-]+$/, 'Letters, digits, dots, dashes and underscores only'),
  ),
  platform: v.picklist(PLATFORMS, REQUIRED),
  thing_type: requiredText(100),
  model: v.picklist(MODELS, REQUIRED),
  password: v.optional(v.pipe(v.string(REQUIRED), v.maxLength(100, '100 Max Characters')), ''),
  heartbeat_interval: v.optional(
    v.pipe(
      v.number(numberMessage(HEARTBEAT_RANGE, HEARTBEAT_RANGE)),
      v.minValue(1, HEARTBEAT_RANGE),
      v.maxValue(3600, HEARTBEAT_RANGE),
    ),
    DEFAULT_HEARTBEAT_INTERVAL,
  ),
  warning_light_pin: pin,
  indicator_pin: v.optional(v.nullable(pin), null),
  location_type: v.optional(v.picklist(LOCATION_TYPES, REQUIRED), 'mobile'),
});
export type ConfigFileSave = v.InferOutput<typeof ConfigFileSaveSchema>;

export const ConfigFileRecordSchema = v.object({
  id: v.string(),
  organization: v.object({ id: v.string(), name: v.string() }),
  thing_type: v.string(),
  model: v.string(),
  platform: v.string(),
  file_name: v.string(),
  password: v.string(),
  heartbeat_interval: v.number(),
  warning_light_pin: v.number(),
  indicator_pin: v.nullable(v.number()),
  user_email: v.string(),
  location_type: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type ConfigFileRecord = v.InferOutput<typeof ConfigFileRecordSchema>;

export const ConfigFileListSchema = v.array(ConfigFileRecordSchema);

// ---------------------------------------------------------------------------------------------
// Client model and mapper (the record is already what the screens need, in the client's names)

export type ConfigFile = {
  id: string;
  organizationId: string;
  organizationName: string;
  thingType: string;
  model: string;
  platform: string;
  fileName: string;
  password: string;
  heartbeatInterval: number;
  warningLightPin: number;
  indicatorPin: number | null;
  userEmail: string;
  locationType: string;
  createdAt: string;
};

export function mapConfigFile(record: ConfigFileRecord): ConfigFile {
  return {
    id: record.id,
    organizationId: record.organization.id,
    organizationName: record.organization.name,
    thingType: record.thing_type,
    model: record.model,
    platform: record.platform,
    fileName: record.file_name,
    password: record.password,
    heartbeatInterval: record.heartbeat_interval,
    warningLightPin: record.warning_light_pin,
    indicatorPin: record.indicator_pin,
    userEmail: record.user_email,
    locationType: record.location_type,
    createdAt: record.created_at,
  };
}

// ---------------------------------------------------------------------------------------------
// Rules

export const CONFIG_FILE_NOT_FOUND = 'Config file not found';

/** Field → problem across fields; empty when the body may be saved. */
export function configFileProblems(
  save: Pick<ConfigFileSave, 'warning_light_pin' | 'indicator_pin'>,
): Record<string, string> {
  return save.indicator_pin !== null && save.indicator_pin === save.warning_light_pin
    ? { indicator_pin: SAME_AS_WARNING_LIGHT_PIN }
    : {};
}

/** Run-to-run timing an exported device starts with (access §3), seconds. */
export const R2R_DEFAULTS = {
  on_period: 1.1,
  on_pulse: 0.2,
  off_pulse: 0.25,
  off_period: 0.5,
  length_of_alert: 10,
} as const;

/** Stands where the device's API token goes: the export never holds a real one. */
export const TOKEN_PLACEHOLDER = '<YOUR_API_TOKEN>';

export type SampleDeviceConfiguration = {
  token: string;
  org: string;
  thing_type: string;
  location_type: string;
  warning_light_pin: number;
  indicator_pin: number | null;
  heartbeat_interval: number;
} & typeof R2R_DEFAULTS;

/** The sample configuration a device would load for this config file. */
export function sampleDeviceConfiguration(file: ConfigFile): SampleDeviceConfiguration {
  return {
    token: TOKEN_PLACEHOLDER,
    org: file.organizationId,
    thing_type: file.thingType,
    location_type: file.locationType,
    warning_light_pin: file.warningLightPin,
    indicator_pin: file.indicatorPin,
    heartbeat_interval: file.heartbeatInterval,
    ...R2R_DEFAULTS,
  };
}

export function sampleAsJson(sample: SampleDeviceConfiguration): string {
  return `${JSON.stringify(sample, null, 2)}\n`;
}

/** One header row and one value row, in the JSON's key order. */
export function sampleAsCsv(sample: SampleDeviceConfiguration): string {
  const entries = Object.entries(sample) as [string, string | number | null][];
  return `${entries.map(([key]) => key).join(',')}\n${entries.map(([, value]) => csvCell(value)).join(',')}\n`;
}
