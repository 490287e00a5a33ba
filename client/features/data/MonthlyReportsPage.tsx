import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { MONTH_NAMES, monthlyReportTree, type MonthlyReportItem } from '#domain/reports/monthlyReport';
import { listMonthlyReports } from '../../api/dataFiles.ts';
import { apiClient, sessionProfile } from '../../app/session.ts';
import { openFile } from './dataFileActions.ts';

const compareText = new Intl.Collator(undefined, { sensitivity: 'base' }).compare;

/** Monthly reports (access §2): years, then months, newest first; each leaf an organization with its PDF. */
export function MonthlyReportsPage() {
  useSignals();
  const userOrganizationId = sessionProfile.value?.organizationId ?? null;
  const [items, setItems] = useState<MonthlyReportItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

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
                            <button
                              type="button"
                              className="link-button"
                              aria-label={`Download ${report.organizationName} ${MONTH_NAMES[month.month - 1]} ${year.year}`}
                              onClick={() => void openFile(report.fileId, false)}
                            >
                              Download
                            </button>
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
