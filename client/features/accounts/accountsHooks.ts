// What the Accounts pages share beyond the form: loading a call's answer when what it asks for changes, removing an
// item after a confirmation (access §4 "Delete flows": the failure stays in the dialog), and going back a moment after
// a save (access §9: 150 ms).
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { Outcome } from '../../api/accounts.ts';
import { PROFILE_SAVE_REDIRECT_MS } from './profileSession.ts';

/** The answer of `load`, fetched again whenever `key` changes; null while it is on its way. */
export function useLoaded<T>(load: () => Promise<Outcome<T>>, key: string): Outcome<T> | null {
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
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

export type Removal<T> = {
  /** The item waiting for confirmation, or null when no dialog is open. */
  target: T | null;
  error: string | null;
  pending: boolean;
  ask(item: T): void;
  cancel(): void;
  confirm(): void;
};

/** Removal after confirmation: on success the dialog closes and `onRemoved` runs; a failure shows in the dialog. */
export function useRemoval<T>(
  remove: (item: T) => Promise<Outcome<unknown>>,
  onRemoved: (item: T) => void,
): Removal<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return {
    target,
    error,
    pending,
    ask(item) {
      setError(null);
      setTarget(item);
    },
    cancel() {
      setTarget(null);
    },
    confirm() {
      if (target === null || pending) return;
      setPending(true);
      void remove(target).then((result) => {
        setPending(false);
        if (!result.ok) {
          setError(result.message);
          return;
        }
        setTarget(null);
        onRemoved(target);
      });
    },
  };
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
