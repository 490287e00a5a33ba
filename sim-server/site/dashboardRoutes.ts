// The built dashboard at `/`: static files from dist/client, and index.html for any other page path so the
// client's router can take over (a refresh on /dashboard/things works). API paths never fall back to it.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { sharedPlugin } from '../plugins/sharedPlugin.ts';

export type DashboardRoutesOptions = { clientDir: string | null };

const NOT_FOUND = { error: 'not_found' } as const;

function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname === '/cable') return false;
  // A missing asset (a file name with an extension) is a 404, not the app shell.
  return path.extname(pathname) === '';
}

// Shared (not encapsulated) because the not-found handler must cover every path of the app.
export const dashboardRoutes = sharedPlugin<DashboardRoutesOptions>(
  'dashboard',
  async (app, { clientDir }) => {
    const hasDashboard = clientDir !== null && fs.existsSync(path.join(clientDir, 'index.html'));
    if (hasDashboard) {
      await app.register(fastifyStatic, { root: clientDir, index: ['index.html'] });
    }

    app.setNotFoundHandler((request, reply) => {
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url);
      if (!wantsPage) return reply.code(404).send(NOT_FOUND);
      if (!hasDashboard) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('The dashboard is not built. Run `npm run build:client` (npm start does it for you).');
      }
      // index.html is small and changes with every build: never let a browser keep a stale shell.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
);
