// A clock for live durations (an active event's Duration, an asset's time on scene): the component that shows one
// re-renders every second while `running`, and reads the time once otherwise. Shared by any screen that counts.
import { useEffect, useState } from 'react';

const TICK_MS = 1000;

export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}
