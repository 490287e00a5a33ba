import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useRef, useState } from 'react';
import { monthlyReportTree, preparingText, type MonthlyReportItem } from '#domain/reports/monthlyReport';
import { MONTH_NAMES } from '#domain/units/displayTime';
import { listMonthlyReports, monthlyReportStatus } from '../../api/dataFiles.ts';
import { apiClient, sessionProfile } from '../../session/session.ts';
import { openFile } from './dataFileActions.ts';
import { Button } from '../../ui/Button.tsx';

const compareText = new Intl.Collator(undefined, { sensitivity: 'base' }).compare;

/** How often a download being prepared asks how far the report is. */
const STATUS_POLL_MS = 500;

type Preparing = { fileId: string; progress: number | null };

/**
 * A report's download (issue 29): the PDF may first have to be made from a month of telemetry, in slices. Until it is
 * ready the row says how far the making is and its button stays busy; then the file opens. A backend without the
 * status call (the provider's) falls back to the plain link, which waits for the file.
 */
function useReportDownload() {
  const [preparing, setPreparing] = useState<Preparing | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const download = async (fileId: string) => {
    setPreparing({ fileId, progress: null });
    for (;;) {
      const status = await monthlyReportStatus(apiClient(), fileId);
      if (!mounted.current) return;
      if (!status.ok || status.value.ready) break;
      setPreparing({ fileId, progress: status.value.progress });
      await new Promise((resolve) => window.setTimeout(resolve, STATUS_POLL_MS));
      if (!mounted.current) return;
    }
    await openFile(fileId, false);
    if (mounted.current) setPreparing(null);
  };
  return { preparing, download };
}

/** Monthly reports (access §2): years, then months, newest first; each leaf an organization with its PDF. */
export function MonthlyReportsPage() {
  useSignals();
  const userOrganizationId = sessionProfile.value?.organizationId ?? null;
  const [items, setItems] = useState<MonthlyReportItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { preparing, download } = useReportDownload();

  useEffect(() => {
    if (!userOrganizationId) return;
    let current = true;
    void listMonthlyReports(apiClient(), userOrganizationId).then((outcome) => {
      if (!current) return;
      if (outcome.ok) setItems(outcome.value);
      else setError(outcome.message);
    });
    return () => {
      current = false;
    };
  }, [userOrganizationId]);

  const tree = useMemo(() => monthlyReportTree(items ?? [], compareText), [items]);

  return (
    <section className="data-page reports-page" aria-labelledby="reports-title">
      <header className="data-page__header">
        <h1 id="reports-title">Monthly Reports</h1>
      </header>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {items === null && !error && <p>Loading reports…</p>}
      {items !== null && tree.length === 0 && <p>No reports yet</p>}
      <ul className="report-tree" aria-label="Monthly reports">
        {tree.map((year) => (
          <li key={year.year}>
            <details open={year === tree[0]}>
              <summary>{year.year}</summary>
              <ul>
                {year.months.map((month) => (
                  <li key={month.month}>
                    <details open={year === tree[0] && month === year.months[0]}>
                      <summary>{MONTH_NAMES[month.month - 1]}</summary>
                      <ul>
                        {month.reports.map((report) => (
                          <li key={report.fileId} className="report-leaf">
                            <span>{report.organizationName}</span>
                            <Button
                              variant="link"
                              aria-label={`Download ${report.organizationName} ${MONTH_NAMES[month.month - 1]} ${year.year} report (PDF)`}
                              disabled={preparing !== null}
                              aria-busy={preparing?.fileId === report.fileId}
                              onClick={() => void download(report.fileId)}
                            >
                              {preparing?.fileId === report.fileId ? 'Preparing…' : 'Download'}
                            </Button>
                            {preparing?.fileId === report.fileId ? (
                              <span
                                className="report-leaf__progress"
                                role="status"
                                data-testid="report-progress"
                              >
                                {preparingText(preparing.progress)}
                              </span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </details>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
