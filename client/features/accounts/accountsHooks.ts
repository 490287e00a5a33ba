// What the Accounts pages share beyond the form: loading a call's answer when what it asks for changes, and going back
// a moment after a save (access §9: 150 ms). Removing an item after a confirmation is `useRemoval` in
// client/ui/ConfirmDialog.tsx.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { Result } from '../../ui/result.ts';
import { PROFILE_SAVE_REDIRECT_MS } from './profileSession.ts';

/** The answer of `load`, fetched again whenever `key` changes; null while it is on its way. */
export function useLoaded<T>(load: () => Promise<Result<T>>, key: string): Result<T> | null {
  const [outcome, setOutcome] = useState<Result<T> | null>(null);
  useEffect(() => {
    let current = true;
    setOutcome(null);
    void load().then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
    // `load` is a new function every render; `key` says when it asks for something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return outcome;
}

/** Goes to `path` 150 ms after `saved` turns true. */
export function useRedirectAfterSave(saved: boolean, path: string): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => navigate(path), PROFILE_SAVE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [saved, path, navigate]);
}
