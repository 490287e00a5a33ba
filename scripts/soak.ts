// `npm run soak -- --devices 10000 --clients 20 --minutes 10`: holds the simulator at one load for minutes and
// prints a row every 10 s (server RSS and heap, event-loop lag, delivery p99, database size), then pass/fail
// against "memory flat, p99 steady, zero loss" (scripts/loadtest/runSoak.ts; docs/load-tests.md "Soak").
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_RECORDING } from './loadtest/runLoadTest.ts';
import { formatSoakRow, formatVerdicts, runSoak, soakHeader } from './loadtest/runSoak.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '20' },
    minutes: { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '10' },
    'server-cpus': { type: 'string', default: '0' },
    'client-cpus': { type: 'string', default: '1' },
    'no-pin': { type: 'boolean', default: false },
    recording: { type: 'string', default: DEFAULT_RECORDING },
  },
});

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

async function main(): Promise<void> {
  const pin = !values['no-pin'];
  const options = {
    devices: positive('devices', values.devices),
    clients: positive('clients', values.clients),
    minutes: positive('minutes', values.minutes),
    sampleSeconds: positive('sample-seconds', values['sample-seconds']),
    serverCpus: pin ? values['server-cpus'] : null,
    clientCpus: pin ? values['client-cpus'] : null,
    recordingPath: path.resolve(values.recording),
  };
  console.log(
    `Soak: ${options.devices.toLocaleString('en-US')} devices × ${options.clients} clients for ` +
      `${options.minutes} min, sampled every ${options.sampleSeconds} s\n`,
  );
  console.log(soakHeader());
  const report = await runSoak({ ...options, onSample: (sample) => console.log(formatSoakRow(sample)) });
  console.log(`\n${formatVerdicts(report)}`);
  if (!report.passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
