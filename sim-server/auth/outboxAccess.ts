// Who may read the simulator's outbox (issue 17). The outbox holds reset and unlock links, so together with
// `POST /api/forgot_password` it hands over any account: it answers callers on the machine itself (loopback) only,
// unless the developer opens it (`SIM_OPEN_OUTBOX=1`, `outbox: 'open'`). Listening beyond loopback is said out loud.

/** `loopback`: only callers on this machine read the outbox (default); `open`: anyone who reaches the simulator. */
export type OutboxAccess = 'loopback' | 'open';

/** An IPv4 or IPv6 loopback address, including IPv4 loopback mapped into IPv6 and the name `localhost`. */
export function isLoopback(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  const ipv4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host;
  return /^127(\.\d{1,3}){3}$/.test(ipv4);
}

export function mayReadOutbox(access: OutboxAccess, callerAddress: string): boolean {
  return access === 'open' || isLoopback(callerAddress);
}

/** What to tell whoever starts the simulator on `host`; null when it listens on loopback only. */
export function outboxExposureWarning(access: OutboxAccess, host: string): string | null {
  if (isLoopback(host)) return null;
  if (access === 'open')
    return (
      `WARNING: the simulator listens on ${host} with SIM_OPEN_OUTBOX=1: anyone who reaches it can read reset ` +
      'links from GET /api/sim/outbox and take over any account.'
    );
  return (
    `The simulator listens on ${host}: GET /api/sim/outbox (reset and unlock links) answers callers on this ` +
    'machine only; SIM_OPEN_OUTBOX=1 opens it to everyone.'
  );
}
