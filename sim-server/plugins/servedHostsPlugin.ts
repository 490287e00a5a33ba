// `app.links`: the public origin for links in mail and file links, and the `Host` check every request passes first
// (issue 24; the rules and why: kernel/servedHosts.ts). The origin is the configured one (`publicOrigin`,
// `SIM_PUBLIC_ORIGIN`), else the address the simulator prints at start (`startSimulator` tells it once listening).
import os from 'node:os';
import { sharedPlugin } from './sharedPlugin.ts';
import { hostIsServed, hostNameOf, parsePublicOrigin } from '../kernel/servedHosts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    links: PublicLinks;
  }
}

export type PublicLinks = {
  /** The origin the dashboard is reached at, e.g. `https://sim.example.org`: links in mail start with it. */
  origin(): string;
  /** Called once listening: the printed address becomes the origin unless one was configured. */
  listeningAt(origin: string): void;
};

export type ServedHostsOptions = {
  /** The dashboard's public origin; default the address the simulator listens at. */
  publicOrigin?: string;
  /** More host names to answer to beyond loopback, the machine's own names and the public origin's. */
  allowedHosts?: readonly string[];
};

/** Before `listen` (tests that only `inject`): the address `npm start` uses by default. */
const ORIGIN_BEFORE_LISTEN = 'http://localhost:8080';

const MISDIRECTED = {
  error: 'misdirected_request',
  message: 'This simulator does not serve that host name; add it to SIM_ALLOWED_HOSTS (docs/security.md).',
} as const;

/** The machine's own names: its host name and every interface address. */
function machineNames(): string[] {
  const addresses = Object.values(os.networkInterfaces()).flatMap((entries) =>
    (entries ?? []).map((entry) => entry.address.toLowerCase()),
  );
  return [os.hostname().toLowerCase(), ...addresses];
}

export const servedHostsPlugin = sharedPlugin<ServedHostsOptions>('served-hosts', async (app, options) => {
  const configured = options.publicOrigin === undefined ? null : parsePublicOrigin(options.publicOrigin);
  let origin = configured ?? ORIGIN_BEFORE_LISTEN;
  const served = new Set([
    ...machineNames(),
    ...(options.allowedHosts ?? []).map((name) => name.toLowerCase()),
  ]);
  const serveOriginHost = (value: string) => {
    const name = hostNameOf(new URL(value).host);
    if (name !== null) served.add(name);
  };
  if (configured !== null) serveOriginHost(configured);

  app.decorate('links', {
    origin: () => origin,
    listeningAt(listening: string) {
      serveOriginHost(listening);
      if (configured === null) origin = listening;
    },
  } satisfies PublicLinks);

  // First of all hooks, so nothing (not even the outbox or the cable) answers a name it does not serve.
  app.addHook('onRequest', async (request, reply) => {
    if (!hostIsServed(request.headers.host, served)) return reply.code(421).send(MISDIRECTED);
  });
});
