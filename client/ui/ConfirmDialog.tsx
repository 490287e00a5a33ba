// The one delete confirmation of the dashboard (access §4 "Delete flows", live §8 "delete errors show in the
// confirmation dialog"): the question, Cancel and the action. While the action runs it cannot be pressed again; its
// failure shows inside the dialog, which closes only when the action succeeded. Cancel starts focused (the safe
// choice), Tab stays inside the dialog, Escape cancels, and focus goes back to what opened it (`Dialog.tsx`). `useRemoval` and
// `RemovalDialog` tie it to an item picked from a list or a detail (areas, closures, zones, users, tokens, files,
// exports, custom reports).
import { useRef, useState, type ReactNode } from 'react';
import { Dialog, DialogActions } from './Dialog.tsx';
import type { Result } from './result.ts';
import { Button } from './Button.tsx';
import './formField.css';

type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  /** The action's button; "Delete" unless said otherwise. */
  actionLabel?: string;
  /** Resolves to null when done, else the text to show. */
  onAction(): Promise<string | null>;
  onClose(): void;
};

export function ConfirmDialog({
  title,
  children,
  actionLabel = 'Delete',
  onAction,
  onClose,
}: ConfirmDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const busyRef = useRef(false);

  const act = async () => {
    busyRef.current = true;
    setBusy(true);
    setError(null);
    const failure = await onAction();
    busyRef.current = false;
    setBusy(false);
    if (failure === null) onClose();
    else setError(failure);
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      initialFocus={cancel}
      mayClose={() => !busyRef.current}
      busy={busy}
    >
      {children}
      {error ? (
        <p className="form-footer__error" role="alert">
          {error}
        </p>
      ) : null}
      <DialogActions>
        <Button ref={cancel} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" disabled={busy} onClick={() => void act()}>
          {actionLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export type Removal<T> = {
  /** The item waiting for confirmation, or null when no dialog is open. */
  target: T | null;
  ask(item: T): void;
  cancel(): void;
  /** Removes the target: null when done (after `onRemoved`), else the failure's text. */
  confirm(): Promise<string | null>;
};

/** Removal after confirmation: on success `onRemoved` runs and the dialog closes; a failure shows in the dialog. */
export function useRemoval<T>(
  remove: (item: T) => Promise<Result>,
  onRemoved: (item: T) => void,
): Removal<T> {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (item) => setTarget(() => item),
    cancel: () => setTarget(null),
    async confirm() {
      if (target === null) return null;
      const result = await remove(target);
      if (!result.ok) return result.message;
      onRemoved(target);
      return null;
    },
  };
}

/** The confirmation for a removal's target, when one is asked for; `children` words the question. */
export function RemovalDialog<T>({
  removal,
  title,
  children,
}: {
  removal: Removal<T>;
  title: string;
  children: (target: T) => ReactNode;
}) {
  if (removal.target === null) return null;
  return (
    <ConfirmDialog title={title} onAction={removal.confirm} onClose={removal.cancel}>
      {children(removal.target)}
    </ConfirmDialog>
  );
}
