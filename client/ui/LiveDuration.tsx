// A duration that counts up while shown (live §2: the live Duration of an asset on an incident, Run Time; the
// events' live Duration). One interval per shown duration, cleared when it unmounts; the text is the dashboard's one
// duration format (displayTime.ts).
import { useEffect, useState } from 'react';
import { duration as formatDuration } from './displayTime.ts';

/** The time since `since` (epoch ms), ticking every second; `end` stops it at a fixed span. */
export function LiveDuration({ since, end = null }: { since: number; end?: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end !== null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [end]);
  return (
    <time dateTime={`PT${Math.floor(((end ?? now) - since) / 1000)}S`}>
      {formatDuration((end ?? now) - since)}
    </time>
  );
}
