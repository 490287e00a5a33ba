// The form footer every form ends with (access §2 "form footer"): Cancel and Save with the server's refusal beneath.
// Save is enabled only when the form changed and is not submitting; on a changed form the bar sticks to the bottom.
import { mayEnableSave } from './useForm.ts';
import { Button } from './Button.tsx';
import './formField.css';

export function FormFooter({
  changed,
  submitting,
  apiError,
  onCancel,
  saveLabel = 'Save',
  errorTestId,
}: {
  changed: boolean;
  submitting: boolean;
  apiError: string | null;
  onCancel: () => void;
  saveLabel?: string;
  errorTestId?: string;
}) {
  return (
    <div
      className={`form-footer${changed ? ' form-footer--sticky' : ''}`}
      data-testid="form-footer"
      data-sticky={changed}
    >
      <div className="form-footer__buttons">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={!mayEnableSave(changed, submitting)}>
          {submitting ? 'Saving…' : saveLabel}
        </Button>
      </div>
      {apiError ? (
        <p className="form-footer__error" role="alert" data-testid={errorTestId}>
          {apiError}
        </p>
      ) : null}
    </div>
  );
}
