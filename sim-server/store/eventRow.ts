// A row of the `events` table, as every reader of the log gets it: from the table itself or from a sealed telemetry
// block (logReader.ts), which gives back the very row it replaced.
import type { SimEvent } from './events.ts';

export type EventRow = {
  seq: number;
  stream_id: string;
  organization_id: string | null;
  type: SimEvent['type'];
  data: string;
  recorded_at: number;
};
