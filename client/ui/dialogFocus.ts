// Focus handling every modal dialog of the dashboard shares (2.1.2, 2.4.3): the first control named takes focus
// when the dialog opens, Tab and Shift+Tab stay inside it, Escape closes it unless it says it cannot close now,
// and focus goes back to whatever opened it once it closes.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
export function keepFocusInside(event: KeyboardEvent, card: HTMLElement | null): void {
  if (!card) return;
  const controls = [...card.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hasAttribute('disabled'),
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const inside = card.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Call once in a modal dialog's component: `card` is the dialog, `initial` the control focused first, `onClose`
 * what Escape does; `mayClose` answers false while Escape must not close it (an action running).
 */
export function useModalFocus(
  card: RefObject<HTMLElement | null>,
  initial: RefObject<HTMLElement | null>,
  onClose: () => void,
  mayClose: () => boolean = () => true,
): void {
  const latest = useRef({ onClose, mayClose });
  latest.current = { onClose, mayClose };
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    initial.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && latest.current.mayClose()) {
        event.preventDefault();
        event.stopPropagation();
        latest.current.onClose();
      } else if (event.key === 'Tab') keepFocusInside(event, card.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [card, initial]);
}
