// `GET /api/version`: the dashboard polls it and offers a reload when it changes (access §7). Public.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { VersionRecordSchema } from '#domain/version/appVersion';
import { contractRoute } from '../kernel/contract.ts';
import { repoRoot } from '../kernel/paths.ts';

export const versionRoutes: FastifyPluginAsync = async (app) => {
  const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  const version = packageJson.version ?? '0.0.0';
  app.get('/api/version', contractRoute({ response: { 200: VersionRecordSchema } }), async () => ({
    version,
  }));
};
