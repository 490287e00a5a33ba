// Which names the simulator answers to, and the origin its mailed links use (issue 24). Pure: the plugin
// (plugins/servedHostsPlugin.ts) gathers the machine's names and the settings, and asks these rules.
//
// Links in mail (reset, unlock, set-password) and file links are built from a configured public origin, never from
// the request's `Host` or `X-Forwarded-*`: a forged header would otherwise send a victim's reset token to the forger.
// The `Host` check stops DNS rebinding: a page on evil.example whose name is made to resolve to the simulator's
// address would otherwise talk to it (the outbox included) from a developer's own browser, same-origin.

/** The host name in a `Host` header, lower-case, without port or IPv6 brackets; null when there is none. */
export function hostNameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end > 1 ? value.slice(1, end) : null;
  }
  const colon = value.indexOf(':');
  const name = colon === -1 ? value : value.slice(0, colon);
  return name === '' ? null : name;
}

/** Names that only ever mean this machine: `localhost` (and `*.localhost`, RFC 6761), 127.0.0.0/8 and ::1. */
export function isLoopbackName(name: string): boolean {
  const host = name.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  const ipv4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host;
  return /^127(\.\d{1,3}){3}$/.test(ipv4);
}

/** Whether a request's `Host` names this simulator: a loopback name, or one of the names it serves. */
export function hostIsServed(hostHeader: string | undefined, servedNames: ReadonlySet<string>): boolean {
  const name = hostNameOf(hostHeader);
  return name !== null && (isLoopbackName(name) || servedNames.has(name));
}

/** `http(s)://host[:port]` without path; throws on anything else, so a bad setting fails at start. */
export function parsePublicOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `SIM_PUBLIC_ORIGIN must be an http(s) origin such as https://sim.example.org, got ${value}`,
    );
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.length > 1 || url.search)
    throw new Error(
      `SIM_PUBLIC_ORIGIN must be an http(s) origin such as https://sim.example.org, got ${value}`,
    );
  return url.origin;
}

/** A comma-separated list of host names (`SIM_ALLOWED_HOSTS`), lower-case, blanks dropped. */
export function parseHostList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0);
}

/** The origin a listening address is reached at, as `npm start` prints it: wildcards read as localhost. */
export function originOfListeningAddress(host: string, port: number, protocol = 'http'): string {
  const urlHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `${protocol}://${urlHost}:${port}`;
}
