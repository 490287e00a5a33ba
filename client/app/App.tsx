import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { ShellDialogs } from '../features/chrome/ShellDialogs.tsx';
import '../ui/shell.css';
import { EmailLink } from '../features/welcome/EmailLink.tsx';
import { ForgotPassword } from '../features/welcome/ForgotPassword.tsx';
import { ResetPassword } from '../features/welcome/ResetPassword.tsx';
import { SignIn } from '../features/welcome/SignIn.tsx';
import { DashboardLayout } from './DashboardLayout.tsx';
import { DashboardRoutes } from './DashboardRoutes.tsx';
import { CrashBoundary, NotFound } from '../ui/NotFound.tsx';
import { RequireSession, RootRedirect, SignedOutOnly } from './gates.tsx';
import { usePrefetchLandingWhileTyping } from './sectionScreens.ts';

function decodeSegment(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Routes (live §2, access §2). Every /dashboard path sits inside one layout so the live path stays mounted;
 * the layout's router applies each route's gate. */
export function App() {
  return (
    <CrashBoundary>
      <Routes />
      <ShellDialogs />
    </CrashBoundary>
  );
}

/** The sign-in forms prefetch the landing screen while the user types. */
function SignInPrefetch({ children }: { children: ReactNode }) {
  usePrefetchLandingWhileTyping();
  return children;
}

function Routes() {
  return (
    <Switch>
      <Route path="/" component={RootRedirect} />
      <Route path="/welcome/signin/:unlockToken?">
        {(params) => (
          <SignedOutOnly>
            <SignInPrefetch>
              <SignIn unlockToken={decodeSegment(params.unlockToken) || null} />
            </SignInPrefetch>
          </SignedOutOnly>
        )}
      </Route>
      <Route path="/welcome/unlock/:email/:unlockToken">
        {(params) => (
          <SignedOutOnly>
            <SignInPrefetch>
              <SignIn
                unlockToken={decodeSegment(params.unlockToken) || null}
                email={decodeSegment(params.email)}
              />
            </SignInPrefetch>
          </SignedOutOnly>
        )}
      </Route>
      <Route path="/welcome/forgot" component={ForgotPassword} />
      <Route path="/welcome/reset/:email/:resetToken">
        {(params) => (
          <ResetPassword email={decodeSegment(params.email)} resetToken={decodeSegment(params.resetToken)} />
        )}
      </Route>
      <Route path="/welcome/email/:kind/:token">
        {(params) =>
          params.kind === 'confirm' || params.kind === 'undo' ? (
            <EmailLink kind={params.kind} token={decodeSegment(params.token)} />
          ) : (
            <main>
              <NotFound />
            </main>
          )
        }
      </Route>
      <Route path="/dashboard/*?">
        <RequireSession>
          <DashboardLayout>
            <DashboardRoutes />
          </DashboardLayout>
        </RequireSession>
      </Route>
      <Route>
        <main>
          <NotFound />
        </main>
      </Route>
    </Switch>
  );
}
