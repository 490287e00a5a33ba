// The dashboard's one dialog primitive (docs/accessibility.md; access §4, live §2, §8). `Dialog` is modal: a backdrop
// over the page, a card named by its title, the first control named by `initialFocus` focused, Tab kept inside,
// Escape closing it unless `mayClose` says not now, and focus back to what opened it (`dialogFocus.ts`); `alert`
// makes it an alertdialog the user must answer. `DialogPanel` is the non-modal kind, a card over the map that
// leaves the page usable (the map's instructions). Both title themselves with a heading. Styles in `dialog.css`.
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

/** A non-modal dialog over the map: named by its title, the page behind it stays in use. */
export function DialogPanel({
  title,
  className,
  testId,
  children,
}: {
  title: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div
      className={`dialog-panel${className ? ` ${className}` : ''}`}
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
