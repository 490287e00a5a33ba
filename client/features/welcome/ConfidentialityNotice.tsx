import './welcome.css';

export const EULA_URL = 'https://example-provider.test/legal/eula';
export const TERMS_URL = 'https://example-provider.test/legal/terms';

/** The confidentiality notice under the sign-in form (access §2), with the licence and terms links and the
 * fleet-partner mark. */
export function ConfidentialityNotice() {
  return (
    <footer className="welcome__legal" data-testid="confidentiality-notice">
      <p>
        This system holds confidential operational information and is for authorised users only. By signing in
        you agree to the{' '}
        <a className="link" href={EULA_URL} target="_blank" rel="noreferrer">
          End-User Licence Agreement
        </a>{' '}
        and the{' '}
        <a className="link" href={TERMS_URL} target="_blank" rel="noreferrer">
          Terms of Use
        </a>
        .
      </p>
      <div className="welcome__partner" role="img" aria-label="Fleet partner">
        Fleet Partner
      </div>
    </footer>
  );
}
