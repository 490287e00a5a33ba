// The headers every answer carries (issue 24, DESIGN §8): @fastify/helmet with a Content-Security-Policy the
// dashboard really runs under (tests/e2e/contentSecurityPolicy.test.ts fails on any violation), framing refused,
// MIME sniffing off, no referrer (reset and unlock links carry their token in the path).
import helmet from '@fastify/helmet';
import { sharedPlugin } from './sharedPlugin.ts';

export type SecurityHeadersOptions = {
  /** Allow the Google Maps basemap's hosts (docs/map.md: used when a Maps API key is configured). */
  googleMaps?: boolean;
};

/**
 * Google's own allowlist for the Maps JavaScript API ("Content Security Policy guide"), by directive. The basemap is
 * chosen in the browser (a key built in, or one in localStorage on a local build), so the server cannot know
 * whether it will be used: the hosts are allowed unless `googleMaps` is off.
 */
const GOOGLE_MAPS = {
  script: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    '*.google.com',
    'https://*.ggpht.com',
    '*.googleusercontent.com',
  ],
  img: ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', '*.googleusercontent.com'],
  connect: ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com'],
  font: ['https://fonts.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  frame: ['*.google.com'],
} as const;

/** The policy's directives, for helmet (and the tests). */
export function contentSecurityPolicyDirectives({ googleMaps = true }: SecurityHeadersOptions = {}) {
  const google = (kind: keyof typeof GOOGLE_MAPS): string[] => (googleMaps ? [...GOOGLE_MAPS[kind]] : []);
  return {
    defaultSrc: ["'self'"],
    // Vite's bundles only: no inline script, no eval.
    scriptSrc: ["'self'", ...google('script')],
    // The live worker is a module from 'self'; MapLibre starts its workers from blob: URLs.
    workerSrc: ["'self'", 'blob:'],
    childSrc: ["'self'", 'blob:'],
    // MapLibre, deck.gl and the draw tools set style elements and attributes at run time.
    styleSrc: ["'self'", "'unsafe-inline'", ...google('style')],
    imgSrc: ["'self'", 'data:', 'blob:', ...google('img')],
    fontSrc: ["'self'", 'data:', ...google('font')],
    // The API and the cable on the page's origin; in development `?api=` may name a local simulator on another port
    // (client/session/environment.ts), and MapLibre reads tiles and glyphs it made from blob: and data: URLs.
    connectSrc: [
      "'self'",
      'http://localhost:*',
      'ws://localhost:*',
      'http://127.0.0.1:*',
      'ws://127.0.0.1:*',
      'blob:',
      'data:',
      ...google('connect'),
    ],
    frameSrc: ["'self'", ...google('frame')],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Nobody frames the dashboard (clickjacking).
    frameAncestors: ["'none'"],
    // The simulator is often reached over plain http on a LAN address: upgrading would break every request there.
    upgradeInsecureRequests: null,
  };
}

export const securityHeadersPlugin = sharedPlugin<SecurityHeadersOptions>(
  'security-headers',
  async (app, options) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: true, directives: contentSecurityPolicyDirectives(options) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // TLS is a reverse proxy's business (docs/security.md); an HSTS pin set by a plain simulator would outlive it.
      strictTransportSecurity: false,
      // The dashboard on Vite's dev server (another port, same site) loads the simulator's files.
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
  },
);
