import { useState } from 'react';
import type { Outcome } from '../../api/dataFiles.ts';

/** The Data section's delete confirmation (access §4 "Delete flows"): asks first; a failure shows in the dialog. */
export function DeleteDialog({
  heading,
  title,
  remove,
  onClose,
}: {
  heading: string;
  /** What is deleted, as the list shows it. */
  title: string;
  remove: () => Promise<Outcome<null>>;
  onClose: (deleted: boolean) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const outcome = await remove();
    setBusy(false);
    if (outcome.ok) onClose(true);
    else setError(outcome.message);
  };
  return (
    <div className="dialog-backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby="delete-dialog-title" className="dialog">
        <h2 id="delete-dialog-title">{heading}</h2>
        <p>Delete “{title}”? Its file goes with it.</p>
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="button" className="button--danger" disabled={busy} onClick={() => void confirm()}>
            Delete
          </button>
        </div>
      </div>
    </div>
  );
}
