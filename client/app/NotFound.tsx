import { useLocation } from 'wouter';

export const NOT_FOUND_TEXT = 'Sorry, the requested URL was not found here.';

export function NotFound() {
  const [, navigate] = useLocation();
  return (
    <main className="full-message" data-testid="not-found">
      <p className="full-message__text">{NOT_FOUND_TEXT}</p>
      <button type="button" className="button button--primary" onClick={() => navigate('/')}>
        Go to the main page
      </button>
    </main>
  );
}
