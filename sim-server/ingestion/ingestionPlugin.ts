// `app.telemetry`: the ingestion function, shared by the replay, the HTTP endpoint and the load generators.
import { sharedPlugin } from '../plugins/sharedPlugin.ts';
import { createTelemetryIngestor, type TelemetryIngestor } from './telemetryIngestor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: TelemetryIngestor;
  }
}

export const ingestionPlugin = sharedPlugin('ingestion', async (app) => {
  app.decorate('telemetry', createTelemetryIngestor(app.eventLog, app.clock));
});
