// A control that may be disabled for a reason the user should see (live §6: "Tooltips on disabled controls
// distinguish: hardware, authorization, R2R not enabled, invalid status"). A disabled button or input receives no
// pointer events, so the tooltip sits on a wrapper; the reason is also the control's accessible description.
import { useId, type ReactElement, type ReactNode } from 'react';
import './controls.css';

export type GateState = { enabled: true } | { enabled: false; reason: string };

/** `children` gets `disabled` and `aria-describedby` from the render prop, so the gate stays in one place. */
export function GatedControl({
  gate,
  children,
}: {
  gate: GateState;
  children: (props: { disabled: boolean; 'aria-describedby'?: string }) => ReactElement;
}): ReactNode {
  const reasonId = useId();
  if (gate.enabled) return children({ disabled: false });
  return (
    <span className="gated-control" title={gate.reason} data-testid="gated-control">
      {children({ disabled: true, 'aria-describedby': reasonId })}
      <span id={reasonId} className="visually-hidden">
        {gate.reason}
      </span>
    </span>
  );
}
