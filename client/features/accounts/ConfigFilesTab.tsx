import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import * as v from 'valibot';
import { Link, useLocation } from 'wouter';
import {
  configFileProblems,
  ConfigFileSaveSchema,
  LOCATION_TYPES,
  MODELS,
  PLATFORMS,
  sampleAsCsv,
  sampleAsJson,
  sampleDeviceConfiguration,
  type ConfigFile,
} from '#domain/integrations/configFile';
import { MANAGE_INTEGRATIONS } from '#domain/session/routeGates';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { createConfigFile, deleteConfigFile, fetchConfigFiles } from '../../api/accounts.ts';
import { loadThingCatalog } from '../../api/thingEdits.ts';
import { apiClient, permissions, sessionProfile } from '../../session/session.ts';
import { schemaProblems, useForm } from '../../ui/useForm.ts';
import { useLoaded } from './accountsHooks.ts';
import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { AccountsFormElement, AccountsTable, DeleteButton } from './FormParts.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';
import { SelectField, TextField } from '../../ui/FormField.tsx';
import { Button } from '../../ui/Button.tsx';

const CONFIGS_PATH = '/dashboard/accounts/integrations/configs';

const PLATFORM_LABELS: Record<(typeof PLATFORMS)[number], string> = {
  raspberry_pi: 'Raspberry Pi',
  linux: 'Linux',
  windows: 'Windows',
};

/** Saves text as a file the browser downloads. */
function download(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  URL.revokeObjectURL(url);
}

/** The sample device configuration of a file, in JSON or CSV (access §3), with the token as a placeholder. */
function exportSample(file: ConfigFile, format: 'json' | 'csv') {
  const sample = sampleDeviceConfiguration(file);
  const base = file.fileName.replace(/\.[^.]*$/, '') || 'device-config';
  if (format === 'json') download(`${base}.json`, sampleAsJson(sample), 'application/json');
  else download(`${base}.csv`, sampleAsCsv(sample), 'text/csv');
}

/** Device config files (access §2 Integrations): the organization's files, their sample export, delete. */
export function ConfigFiles() {
  useSignals();
  const organizationId = sessionProfile.value?.organizationId ?? null;
  const mayManage = hasAnyPermission(permissions.value, MANAGE_INTEGRATIONS);
  const [version, setVersion] = useState(0);
  const files = useLoaded(
    () =>
      organizationId === null
        ? Promise.resolve({ ok: true as const, value: [] })
        : fetchConfigFiles(apiClient(), organizationId),
    `${organizationId ?? ''} ${version}`,
  );
  const removal = useRemoval(
    (file: ConfigFile) => deleteConfigFile(apiClient(), file.id),
    () => setVersion((value) => value + 1),
  );

  return (
    <section aria-label="Config Files">
      <h1>Config Files</h1>
      {mayManage ? (
        <div className="accounts__actions">
          <Link href={`${CONFIGS_PATH}/new`} className="button button--primary">
            New Config File
          </Link>
        </div>
      ) : null}
      {!files ? <p>Loading…</p> : null}
      {files && !files.ok ? <p role="alert">{files.message}</p> : null}
      {files?.ok && files.value.length === 0 ? <p>No config files yet.</p> : null}
      {files?.ok && files.value.length > 0 ? (
        <AccountsTable
          label="Config files"
          columns={['File name', 'Platform', 'Asset type', 'Model', 'Pins']}
        >
          {files.value.map((file) => (
            <tr key={file.id} data-testid="config-file-row">
              <td>{file.fileName}</td>
              <td>{PLATFORM_LABELS[file.platform as keyof typeof PLATFORM_LABELS] ?? file.platform}</td>
              <td>{file.thingType}</td>
              <td>{file.model}</td>
              <td>
                {file.warningLightPin}
                {file.indicatorPin === null ? '' : ` / ${file.indicatorPin}`}
              </td>
              <td>
                <Button variant="link" className="accounts__close" onClick={() => exportSample(file, 'json')}>
                  Export JSON
                </Button>{' '}
                <Button variant="link" className="accounts__close" onClick={() => exportSample(file, 'csv')}>
                  Export CSV
                </Button>{' '}
                {mayManage ? (
                  <DeleteButton itemName={file.fileName} onClick={() => removal.ask(file)} />
                ) : null}
              </td>
            </tr>
          ))}
        </AccountsTable>
      ) : null}
      <RemovalDialog removal={removal} title="Delete Config File">
        {(file) => <p>Delete the config file {file.fileName}?</p>}
      </RemovalDialog>
    </section>
  );
}

type ConfigValues = {
  file_name: string;
  platform: string;
  thing_type: string;
  model: string;
  password: string;
  heartbeat_interval: string;
  warning_light_pin: string;
  indicator_pin: string;
  location_type: string;
};

const EMPTY_CONFIG: ConfigValues = {
  file_name: '',
  platform: '',
  thing_type: '',
  model: '',
  password: '',
  heartbeat_interval: '2',
  warning_light_pin: '',
  indicator_pin: '',
  location_type: 'mobile',
};

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The body a form's texts make: blank numbers are absent (the definition says Required or takes the default). */
function bodyOf(values: ConfigValues) {
  return {
    file_name: values.file_name,
    platform: values.platform,
    thing_type: values.thing_type,
    model: values.model,
    password: values.password,
    heartbeat_interval: numberOrUndefined(values.heartbeat_interval),
    warning_light_pin: numberOrUndefined(values.warning_light_pin),
    indicator_pin: values.indicator_pin.trim() === '' ? null : Number(values.indicator_pin),
    location_type: values.location_type,
  };
}

function problemsOf(values: ConfigValues): Record<string, string> {
  const body = bodyOf(values);
  const problems = schemaProblems(ConfigFileSaveSchema, body);
  if (typeof body.warning_light_pin === 'number')
    Object.assign(
      problems,
      configFileProblems({ warning_light_pin: body.warning_light_pin, indicator_pin: body.indicator_pin }),
    );
  return problems;
}

/** A new device config file (access §5 "Config file"): every field's rule, and the indicator pin's. */
export function ConfigFileNew() {
  const [, navigate] = useLocation();
  const form = useForm<ConfigValues>('config', EMPTY_CONFIG, problemsOf);
  // Asset type is one of the provider's thing types, by name (the devices report it), shown by display name.
  const catalog = useLoaded(() => loadThingCatalog(apiClient()), 'thing-types');
  const typeOptions = catalog?.ok
    ? catalog.value.types.map((type) => ({ value: type.name, label: type.displayName || type.name }))
    : [];
  return (
    <AccountsFormElement
      label="New config file"
      onSubmit={() => {
        void form
          .submit(async (values) => {
            // The form has no problems here, so the definition takes it and fills the defaults.
            const parsed = v.safeParse(ConfigFileSaveSchema, bodyOf(values));
            if (!parsed.success) return { ok: false, message: parsed.issues[0].message };
            const outcome = await createConfigFile(apiClient(), parsed.output);
            return outcome.ok ? { ok: true } : outcome;
          })
          .then((ok) => {
            if (ok) navigate(CONFIGS_PATH);
          });
      }}
    >
      <h1>New Config File</h1>
      <TextField label="File name" {...form.bind('file_name')} />
      <SelectField
        label="Platform"
        options={PLATFORMS.map((value) => ({ value, label: PLATFORM_LABELS[value] }))}
        {...form.bind('platform')}
      />
      <SelectField label="Asset type" options={typeOptions} {...form.bind('thing_type')} />
      {catalog && !catalog.ok ? <p role="alert">{catalog.message}</p> : null}
      <SelectField
        label="Model"
        options={MODELS.map((value) => ({ value, label: value }))}
        {...form.bind('model')}
      />
      <TextField label="Warning Light Pin" inputMode="numeric" {...form.bind('warning_light_pin')} />
      <TextField label="Indicator Pin (optional)" inputMode="numeric" {...form.bind('indicator_pin')} />
      <TextField
        label="Heartbeat interval (seconds)"
        inputMode="numeric"
        {...form.bind('heartbeat_interval')}
      />
      <SelectField
        label="Location type"
        options={LOCATION_TYPES.map((value) => ({ value, label: value === 'mobile' ? 'Mobile' : 'Fixed' }))}
        {...form.bind('location_type')}
      />
      <TextField label="Device password (optional)" {...form.bind('password')} />
      <FormFooter
        changed={form.changed}
        submitting={form.submitting}
        apiError={form.apiError}
        onCancel={() => navigate(CONFIGS_PATH)}
      />
    </AccountsFormElement>
  );
}
