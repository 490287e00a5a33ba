// The dashboard's full-page messages (live §2, §8; access §2): not found, not authorized, desktop only and the crash
// boundary's text, each with a button to the main page. In the kit: the shell's routes and the Accounts screen show
// them.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Button } from './Button.tsx';
import './fullMessage.css';

export const NOT_FOUND_TEXT = 'Sorry, the requested URL was not found here.';
export const UNAUTHORIZED_TEXT = 'Sorry, you are not currently authorized to access this page.';
export const DESKTOP_ONLY_TEXT = "This page isn't available on mobile devices.";
export const CRASH_TEXT = 'Sorry, there was an incident.';

/** A full-screen message with a button to the main page (live §2, access §2). Not a landmark itself: inside the
 * dashboard it sits in the section's `main`, and the routes outside it wrap it in one (App.tsx). */
function FullScreenMessage({ text, testId, onHome }: { text: string; testId: string; onHome(): void }) {
  return (
    <div className="full-message" data-testid={testId}>
      <p className="full-message__text">{text}</p>
      <Button variant="primary" onClick={onHome}>
        Go to the main page
      </Button>
    </div>
  );
}

function RoutedMessage({ text, testId }: { text: string; testId: string }) {
  const [, navigate] = useLocation();
  return <FullScreenMessage text={text} testId={testId} onHome={() => navigate('/')} />;
}

export function NotFound() {
  return <RoutedMessage text={NOT_FOUND_TEXT} testId="not-found" />;
}

export function Unauthorized() {
  return <RoutedMessage text={UNAUTHORIZED_TEXT} testId="unauthorized" />;
}

export function DesktopOnly() {
  return <RoutedMessage text={DESKTOP_ONLY_TEXT} testId="desktop-only" />;
}

/** Catches a render error anywhere below it and shows the crash page; the button reloads the main page. */
export class CrashBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The dashboard crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.crashed) return this.props.children;
    return <FullScreenMessage text={CRASH_TEXT} testId="crash" onHome={() => window.location.assign('/')} />;
  }
}
