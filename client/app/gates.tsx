import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isSignedIn, rememberReturnPath, sessionEndReason } from '../session/session.ts';

/** `/` goes to the dashboard when signed in, else to sign-in (access §2). */
export function RootRedirect() {
  useSignals();
  return <Redirect to={isSignedIn.value ? '/dashboard' : '/welcome/signin'} replace />;
}

/** Signed-out visits go to sign-in; the requested path is remembered for after sign-in, unless the user has just
 * signed out on purpose (then sign-in starts afresh). */
export function RequireSession({ children }: { children: ReactNode }) {
  useSignals();
  const [location] = useLocation();
  const search = useSearch();
  if (!isSignedIn.value) {
    const remember = sessionEndReason.value !== 'signed-out';
    return <RedirectToSignIn returnPath={remember ? (search ? `${location}?${search}` : location) : null} />;
  }
  return <>{children}</>;
}

function RedirectToSignIn({ returnPath }: { returnPath: string | null }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (returnPath) rememberReturnPath(returnPath);
    navigate('/welcome/signin', { replace: true });
  }, [returnPath, navigate]);
  return null;
}

/** A visitor who is already signed in when a welcome page opens goes straight to the dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const [signedInOnArrival] = useState(() => isSignedIn.peek());
  if (signedInOnArrival) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
