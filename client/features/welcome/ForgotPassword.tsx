import { Link } from 'wouter';

/** Placeholder: the forgot-password flow (access §2 /welcome/forgot) is built by a later issue. */
export function ForgotPassword() {
  return (
    <main className="welcome">
      <div className="welcome__card">
        <h1 className="welcome__title">Forgot password</h1>
        <p>Password reset is not available in this version of the dashboard yet.</p>
        <Link href="/welcome/signin" className="link">
          Back to Sign In
        </Link>
      </div>
    </main>
  );
}
