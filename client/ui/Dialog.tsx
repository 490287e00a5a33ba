// The dashboard's one dialog primitive (docs/accessibility.md; access §4, live §2, §8). `Dialog` is modal: a backdrop
// over the page, a card named by its title, the first control named by `initialFocus` focused, Tab kept inside,
// Escape closing it unless `mayClose` says not now, and focus back to what opened it (`dialogFocus.ts`); `alert`
// makes it an alertdialog the user must answer. `DialogPanel` is the non-modal kind that leaves the page usable: a
// card over the map (the map's instructions) or a band in the page's flow (the support offer). Both title themselves with a heading. Styles in `dialog.css`.
import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { useModalFocus } from './dialogFocus.ts';
import './dialog.css';

const stayOpen = () => false;
const noop = () => undefined;

export function Dialog({
  title,
  onClose = noop,
  initialFocus,
  mayClose,
  alert = false,
  busy,
  className,
  testId,
  children,
}: {
  title: string;
  /** What Escape does; a dialog without it stays open until its own controls close it. */
  onClose?: () => void;
  /** The control focused when it opens; the card itself when none is given. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** False while Escape must not close it (an action running). */
  mayClose?: () => boolean;
  alert?: boolean;
  busy?: boolean;
  /** A modifier for the card (its width or its content's layout). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const card = useRef<HTMLDivElement>(null);
  useModalFocus(card, initialFocus ?? card, onClose, mayClose ?? (onClose === noop ? stayOpen : undefined));
  return (
    <div className="blocking-notice">
      <div
        ref={card}
        className={`blocking-notice__card${className ? ` ${className}` : ''}`}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy}
        tabIndex={-1}
        data-testid={testId}
      >
        <h2 id={titleId} className="blocking-notice__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/**
 * A non-modal dialog: named by its title, the page around it stays in use. `over-map` lies over the map (the map's
 * instructions); `band` takes its own room in the page's flow, a band across the top of the section that covers
 * nothing (the support offer).
 */
export function DialogPanel({
  title,
  placement = 'over-map',
  className,
  testId,
  children,
}: {
  title: string;
  placement?: 'over-map' | 'band';
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div
      className={`dialog-panel${placement === 'band' ? ' dialog-panel--band' : ''}${className ? ` ${className}` : ''}`}
      role="dialog"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <h2 id={titleId} className="dialog-panel__title">
        {title}
      </h2>
      {children}
    </div>
  );
}

/** The row of a dialog's buttons, at its end. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog__actions">{children}</div>;
}
