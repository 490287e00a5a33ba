// Copy to the clipboard with the "Copied" feedback of live §2: the item that copied reads "Copied" for a while
// (2 s in the right-click menu, 1 s in info windows; domain/map/mapRules.ts), then its label again.
import { useEffect, useRef, useState } from 'react';

export function useCopy(feedbackMs: number): {
  copied: string | null;
  copy(key: string, text: string): void;
} {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    copied,
    copy(key, text) {
      void navigator.clipboard.writeText(text).then(() => {
        setCopied(key);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setCopied(null), feedbackMs);
      });
    },
  };
}
