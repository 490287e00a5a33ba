// The list panel beside the map that the Areas and Zones screens share (live §2): a title with "Showing
// (shown/total)", a search box, the screen's filters, an action, a message when loading or failing, and the rows
// in a virtual list of fixed-height rows. The screen gives its rows; the panel knows nothing of areas or zones.
import type { ReactNode } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { Button } from './Button.tsx';
import './listRows.css';
import './sectionList.css';
import { Form } from './Form.tsx';

type SectionListPanelProps<T> = {
  title: string;
  /** What the search box is called, also its placeholder ("Search for an Area..."). */
  searchPlaceholder: string;
  search: string;
  onSearch(text: string): void;
  items: readonly T[];
  total: number;
  rowHeight: number;
  keyOf(item: T): string;
  row(item: T): ReactNode;
  /** Loading or failure text; shown instead of the rows when set. */
  message?: string | null;
  /** The screen's filters, under the search box. */
  filters?: ReactNode;
  /** An action beside the title (e.g. Add). */
  action?: ReactNode;
  emptyText: string;
};

export function SectionListPanel<T>(props: SectionListPanelProps<T>) {
  const { items, message } = props;
  return (
    <section className="section-list" aria-label={props.title}>
      <header className="list-panel__header">
        <div className="section-list__title-row">
          <h1 className="list-panel__title">{props.title}</h1>
          {props.action}
        </div>
        <p className="list-panel__counts" data-testid="section-list-count">
          Showing ({items.length}/{props.total})
        </p>
        <input
          type="search"
          className="input"
          placeholder={props.searchPlaceholder}
          aria-label={props.searchPlaceholder}
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
        />
        {props.filters}
      </header>
      {message ? (
        <p className="list-panel__message" role="status">
          {message}
        </p>
      ) : items.length === 0 ? (
        <p className="list-panel__message">{props.emptyText}</p>
      ) : (
        <Virtuoso
          className="list-panel__rows"
          totalCount={items.length}
          fixedItemHeight={props.rowHeight}
          computeItemKey={(index) => {
            const item = items[index];
            return item === undefined ? index : props.keyOf(item);
          }}
          itemContent={(index) => {
            const item = items[index];
            return item === undefined ? null : props.row(item);
          }}
        />
      )}
    </section>
  );
}

/**
 * One row of a section list: the item's icon, its name over a second line, and what the screen adds at the end (a
 * zone's status). `data` names the row for tests and styles (`data-testid`, the item's id).
 */
export function SectionRow({
  height,
  icon,
  primary,
  secondary,
  end,
  data,
  onOpen,
}: {
  height: number;
  icon: ReactNode;
  primary: string;
  secondary: string;
  end?: ReactNode;
  data: Record<`data-${string}`, string>;
  onOpen(): void;
}) {
  return (
    <Button variant="bare" className="list-row list-row--icon" style={{ height }} {...data} onClick={onOpen}>
      {icon}
      <span className="list-row__names">
        <span className="list-row__primary">{primary}</span>
        <span className="list-row__secondary">{secondary}</span>
      </span>
      {end}
    </Button>
  );
}

/** What a detail or form shows until the list holds its item: the loading text, then the not-found text. */
export function SectionItemMissing({
  loading,
  loadingText,
  missingText,
}: {
  loading: boolean;
  loadingText: string;
  missingText: string;
}) {
  return (
    <p className="list-panel__message" role="status">
      {loading ? loadingText : missingText}
    </p>
  );
}

/** One titled block of a detail or form panel, with a way back to the list. */
export function SectionPanel({
  title,
  backLabel,
  onBack,
  children,
}: {
  title: string;
  backLabel: string;
  onBack(): void;
  children: ReactNode;
}) {
  return (
    <section className="section-panel" aria-label={title}>
      <Button variant="link" className="section-panel__back" onClick={onBack}>
        ‹ {backLabel}
      </Button>
      <h1 className="section-panel__title">{title}</h1>
      {children}
    </section>
  );
}

/** A create or edit form in its panel: the title, the way back, the form (the browser's own checks off). */
export function SectionFormPanel({
  title,
  backLabel,
  onBack,
  onSubmit,
  testId,
  children,
}: {
  title: string;
  backLabel: string;
  onBack(): void;
  onSubmit(event: React.FormEvent): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <SectionPanel title={title} backLabel={backLabel} onBack={onBack}>
      <Form className="section-form" onSubmit={onSubmit} data-testid={testId}>
        {children}
      </Form>
    </SectionPanel>
  );
}

/** A label and its value in a detail panel; the label may carry a help text. */
export function DetailItem({ label, help, children }: { label: string; help?: string; children: ReactNode }) {
  return (
    <div className="detail-item">
      <dt className="detail-item__label" title={help}>
        {label}
        {help ? (
          <span className="detail-item__help" aria-label={help} role="img">
            ?
          </span>
        ) : null}
      </dt>
      <dd className="detail-item__value">{children === '' ? '—' : children}</dd>
    </div>
  );
}
