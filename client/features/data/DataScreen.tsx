import { CustomReportsPage } from './CustomReportsPage.tsx';
import { DataSection } from './DataSection.tsx';
import { ExportsPage } from './ExportsPage.tsx';
import { ExportWizard } from './ExportWizard.tsx';
import { MonthlyReportsPage } from './MonthlyReportsPage.tsx';

/** The Data section's screen for a gated route (domain/session/routeGates.ts). */
export function DataScreen({ pattern, path }: { pattern: string; path: string }) {
  let screen;
  if (pattern === 'data/exports') screen = <ExportsPage />;
  else if (pattern === 'data/exports/new') screen = <ExportWizard />;
  else if (pattern === 'data/reports/monthly') screen = <MonthlyReportsPage />;
  else screen = <CustomReportsPage />;
  return <DataSection path={path}>{screen}</DataSection>;
}
