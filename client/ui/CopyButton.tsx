import { useEffect, useState } from 'react';
import { Button } from './Button.tsx';
import './formField.css';

/** How long the copy button says "Copied" (access §2, §9: 1 second). */
export const COPIED_FEEDBACK_MS = 1000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A copy-to-clipboard button that reads "Copied" for a second after a successful copy. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <Button
        onClick={() =>
          void copyText(text).then((ok) => {
            setFailed(!ok);
            setCopied(ok);
          })
        }
      >
        {copied ? 'Copied' : label}
      </Button>
      {failed ? (
        <span className="field__error">Copy failed: select the text and copy it by hand.</span>
      ) : null}
    </>
  );
}
