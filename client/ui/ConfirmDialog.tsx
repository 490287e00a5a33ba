// A delete confirmation any screen can use (areas, closures, zones): the question, Cancel and the action; the
// action's failure shows inside the dialog (live §8 "delete errors show in the confirmation dialog"), and the
// dialog closes only when the action succeeded.
import { useState, type ReactNode } from 'react';

export function ConfirmDialog({
  title,
  children,
  actionLabel,
  onAction,
  onClose,
}: {
  title: string;
  children: ReactNode;
  actionLabel: string;
  /** Resolves to null when done, else the text to show. */
  onAction(): Promise<string | null>;
  onClose(): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async () => {
    setBusy(true);
    setError(null);
    const failure = await onAction();
    setBusy(false);
    if (failure === null) onClose();
    else setError(failure);
  };
  return (
    <div className="blocking-notice">
      <div className="blocking-notice__card" role="dialog" aria-modal="true" aria-label={title}>
        <h2 className="blocking-notice__title">{title}</h2>
        {children}
        {error ? (
          <p className="form-footer__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void act()}>
            {actionLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
