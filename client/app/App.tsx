import { Redirect, Route, Switch } from 'wouter';
import { ThingsPage } from '../features/things/ThingsPage.tsx';
import { ForgotPassword } from '../features/welcome/ForgotPassword.tsx';
import { SignIn } from '../features/welcome/SignIn.tsx';
import { DashboardLayout } from './DashboardLayout.tsx';
import { NotFound } from './NotFound.tsx';
import { RequireSession, RootRedirect, SignedOutOnly } from './gates.tsx';

function decodeParam(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Routes (live §2, access §2). Every /dashboard route sits inside one layout so the live path stays mounted. */
export function App() {
  return (
    <Switch>
      <Route path="/" component={RootRedirect} />
      <Route path="/welcome/signin">
        <SignedOutOnly>
          <SignIn />
        </SignedOutOnly>
      </Route>
      <Route path="/welcome/forgot" component={ForgotPassword} />
      <Route path="/dashboard/*?">
        <RequireSession>
          <DashboardLayout>
            <Switch>
              <Route path="/dashboard">
                <Redirect to="/dashboard/things" replace />
              </Route>
              <Route path="/dashboard/things/:thingId?">
                {(params) => <ThingsPage thingId={decodeParam(params.thingId)} />}
              </Route>
              <Route component={NotFound} />
            </Switch>
          </DashboardLayout>
        </RequireSession>
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
