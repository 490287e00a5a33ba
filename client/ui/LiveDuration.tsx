// A duration that counts up while shown (live §2: the live Duration of an asset on an incident, Run Time; the
// events' live Duration). One interval per shown duration, cleared when it unmounts; `formatDuration` is the text.
import { useEffect, useState } from 'react';

/** `1:05:09` (hours unbounded), `5:09` under an hour; negative spans read as zero. */
export function formatDuration(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return hours > 0
    ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}`
    : `${minutes}:${twoDigits(seconds)}`;
}

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
