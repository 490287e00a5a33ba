// Form parts for what a form places on the map (the Areas and Zones forms): a titled block that offers the map's
// instructions and shows its problem beneath, and the drawn shape's point count with its "Redraw".
import type { ReactNode } from 'react';
import { openInstructions } from './MapInstructions.tsx';

export function MapFieldset({
  title,
  instructionsView,
  error,
  children,
}: {
  title: string;
  /** The map view whose instructions "View Instructions" opens; omit for no link. */
  instructionsView?: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <fieldset className="form-section" aria-label={title}>
      <legend>{title}</legend>
      {instructionsView ? (
        <p className="form-section__hint">
          <button
            type="button"
            className="link section-panel__back"
            onClick={() => (openInstructions.value = instructionsView)}
          >
            View Instructions
          </button>
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** How many points the shape has (or how to start it), and "Redraw" to start it again. */
export function DrawnShapeStatus({
  count,
  hint,
  testId,
  onRedraw,
}: {
  count: number;
  hint: string;
  testId: string;
  onRedraw(): void;
}) {
  return (
    <>
      <p className="form-section__hint" data-testid={testId}>
        {count === 0 ? hint : `${count} points`}
      </p>
      <button type="button" className="button" onClick={onRedraw}>
        Redraw
      </button>
    </>
  );
}
