import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ExportItem } from '#domain/exports/export';
import {
  EXPORT_ROW_HEIGHT_PX,
  EXPORT_SCROLL_DEBOUNCE_MS,
  EXPORT_TYPE_LABELS,
  FAILED_EXPORTS_NOTICE,
  mayDeleteExport,
  ONLY_CREATOR_CAN_DELETE,
  WRITE_EXPORTS,
  type ExportStatusGroup,
} from '#domain/exports/exportRules';
import { hasAnyPermission } from '#domain/session/rolePermissions';
import { formatListTime } from '#domain/units/displayTime';
import { deleteExport } from '../../api/dataFiles.ts';
import { apiClient, permissions, sessionProfile, subscribedOrganization } from '../../session/session.ts';
import { RemovalDialog, useRemoval } from '../../ui/ConfirmDialog.tsx';
import { openSupport } from '../../session/supportDialogState.ts';
import { openFile } from './dataFileActions.ts';
import { exportItems, exportsError, exportsLoading, loadExports } from './exportsStore.ts';
import { Button } from '../../ui/Button.tsx';

export const EXPORTS_PATH = '/dashboard/data/exports';

const TABS: readonly { group: ExportStatusGroup; label: string }[] = [
  { group: 'completed', label: 'Completed' },
  { group: 'requested', label: 'In-Progress' },
  { group: 'errored', label: 'Error' },
];

/** The organization's zone, the one the export form's times are in (UTC when it names none). */
const organizationZone = () => subscribedOrganization.value?.timezone || 'UTC';
const when = (instant: number | null) =>
  instant === null ? '' : formatListTime(instant, organizationZone());

function ExportRow({ item, onDelete }: { item: ExportItem; onDelete: (item: ExportItem) => void }) {
  useSignals();
  const userId = sessionProfile.value?.userId ?? '';
  const mayWrite = hasAnyPermission(permissions.value, WRITE_EXPORTS);
  const isCreator = mayDeleteExport(item.requestedBy, userId);
  return (
    <li
      className="export-row"
      style={{ height: EXPORT_ROW_HEIGHT_PX }}
      data-testid="export-row"
      data-export-id={item.id}
    >
      <div className="export-row__text">
        <span className="export-row__title">{item.title}</span>
        <span className="export-row__meta">
          {EXPORT_TYPE_LABELS[item.type]} · {when(item.startDateTime)} – {when(item.endDateTime)}
        </span>
        <span className="export-row__meta">
          Requested {when(item.requestedAt)} by {item.requestedByName}
          {item.status === 'requested' && ` · ${item.rowsWritten.toLocaleString()} rows so far`}
          {item.status === 'completed' && ` · ${item.rowsWritten.toLocaleString()} rows`}
        </span>
        {item.status === 'errored' && item.errorReason && (
          <span className="export-row__error">{item.errorReason}</span>
        )}
      </div>
      <div className="export-row__actions">
        {item.status === 'completed' && item.fileId && (
          <Button
            onClick={() => void openFile(item.fileId ?? '', true)}
            aria-label={`Download ${item.title}`}
          >
            Download
          </Button>
        )}
        {mayWrite && (
          <Button
            onClick={() => onDelete(item)}
            disabled={!isCreator}
            title={isCreator ? undefined : ONLY_CREATOR_CAN_DELETE}
            aria-label={`Delete ${item.title}`}
            aria-describedby={isCreator ? undefined : `export-reason-${item.id}`}
          >
            Delete
          </Button>
        )}
        {mayWrite && !isCreator && (
          // Said in text, not only in a tooltip a keyboard or touch user never sees.
          <span id={`export-reason-${item.id}`} className="export-row__reason">
            {ONLY_CREATOR_CAN_DELETE}
          </span>
        )}
      </div>
    </li>
  );
}

/** Shows the scroll-to-top button once the list has scrolled by its own height (checked 250 ms after scrolling stops). */
function useScrolledAway(list: React.RefObject<HTMLElement | null>) {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const onScroll = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => setAway(element.scrollTop >= element.clientHeight), EXPORT_SCROLL_DEBOUNCE_MS);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [list]);
  return away;
}

/** The Exports list (access §2): tabs by status, Refresh while exports are in progress, Create New, rows. */
export function ExportsPage() {
  useSignals();
  const organizationId = subscribedOrganization.value?.id ?? null;
  const [tab, setTab] = useState<ExportStatusGroup>('completed');
  const removal = useRemoval(
    (item: ExportItem) => deleteExport(apiClient(), item.id),
    () => {
      if (organizationId) void loadExports(organizationId);
    },
  );
  const list = useRef<HTMLUListElement | null>(null);
  const scrolledAway = useScrolledAway(list);

  useEffect(() => {
    if (organizationId) void loadExports(organizationId);
  }, [organizationId]);

  const items = exportItems.value;
  const shown = items.filter((item) => item.status === tab);
  const inProgress = items.some((item) => item.status === 'requested');
  const failed = items.some((item) => item.status === 'errored');
  const mayCreate = hasAnyPermission(permissions.value, ['export:create', 'export:manage']);

  return (
    <section className="data-page exports-page" aria-labelledby="exports-title">
      <header className="data-page__header">
        <h1 id="exports-title">Exports</h1>
        <div className="data-page__tools">
          {inProgress && (
            <Button onClick={() => organizationId && void loadExports(organizationId)}>Refresh</Button>
          )}
          {mayCreate && (
            <Link href={`${EXPORTS_PATH}/new`} className="button button--primary">
              Create New
            </Link>
          )}
        </div>
      </header>
      {failed && (
        <p className="notice notice--error" role="status">
          {FAILED_EXPORTS_NOTICE}{' '}
          <Button variant="link" onClick={openSupport}>
            Contact support
          </Button>
        </p>
      )}
      <div role="tablist" className="tabs">
        {TABS.map(({ group, label }) => (
          <button
            key={group}
            type="button"
            role="tab"
            aria-selected={tab === group}
            className={tab === group ? 'tab tab--selected' : 'tab'}
            onClick={() => setTab(group)}
          >
            {label}
          </button>
        ))}
      </div>
      {exportsError.value && (
        <p role="alert" className="form-error">
          {exportsError.value}
        </p>
      )}
      <p className="field-hint" data-testid="list-zone">
        Times are in {organizationZone()}.
      </p>
      {/* The panel wraps the list: a list given the tabpanel role is no longer a list to its items. */}
      <div role="tabpanel" aria-busy={exportsLoading.value}>
        <ul className="export-list" ref={list}>
          {shown.map((item) => (
            <ExportRow key={item.id} item={item} onDelete={removal.ask} />
          ))}
          {shown.length === 0 && !exportsLoading.value && <li className="export-list__empty">No exports</li>}
        </ul>
      </div>
      {scrolledAway && (
        <Button variant="bare" className="scroll-top" onClick={() => list.current?.scrollTo({ top: 0 })}>
          Back to top
        </Button>
      )}
      <RemovalDialog removal={removal} title="Delete export">
        {(item) => <p>Delete “{item.title}”? Its file goes with it.</p>}
      </RemovalDialog>
    </section>
  );
}
