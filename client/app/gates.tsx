import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isSignedIn, rememberReturnPath } from './session.ts';

/** `/` goes to the dashboard when signed in, else to sign-in (access §2). */
export function RootRedirect() {
  useSignals();
  return <Redirect to={isSignedIn.value ? '/dashboard' : '/welcome/signin'} replace />;
}

/** Signed-out visits go to sign-in; the requested path is remembered for after sign-in. */
export function RequireSession({ children }: { children: ReactNode }) {
  useSignals();
  const [location] = useLocation();
  const search = useSearch();
  if (!isSignedIn.value) return <RedirectToSignIn returnPath={search ? `${location}?${search}` : location} />;
  return <>{children}</>;
}

function RedirectToSignIn({ returnPath }: { returnPath: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    rememberReturnPath(returnPath);
    navigate('/welcome/signin', { replace: true });
  }, [returnPath, navigate]);
  return null;
}

/** A visitor who is already signed in when the sign-in page opens goes straight to the dashboard. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const [signedInOnArrival] = useState(() => isSignedIn.peek());
  if (signedInOnArrival) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
