// The connection banner of live §2 and the host of the dashboard's live announcer (client/ui/LiveAnnouncer.tsx).
import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useRef } from 'react';
import { cableStatus } from '../live/thingsStore.ts';
import { LiveAnnouncer } from '../ui/LiveAnnouncer.tsx';
import { watchLivePicture } from './livePictureAnnouncements.ts';

export const CONNECTION_TROUBLE_TEXT =
  "Looks like your connection is having trouble - we'll keep trying to get you back online or you can try to restart your browser.";

/**
 * The connection banner of live §2, said assertively when the connection is lost (`role="alert"`; issue 26). Every
 * signed-in layout shows it, so it also hosts the dashboard's one live announcer (client/ui/LiveAnnouncer.tsx), watching the live picture
 * (livePictureAnnouncements.ts).
 *
 * The banner lies over the top of the content so the map keeps its size (dashboard.css); its height, kept in
 * `--connection-banner-height` on the content while it shows, moves the section panels' titles out from under it
 * (issue 25). Panels scroll, so padding them resizes no canvas.
 */
export function ConnectionBanner() {
  useSignals();
  const status = cableStatus.value;
  const banner = useRef<HTMLDivElement>(null);
  const shown = status === 'reconnecting' || status === 'failed';

  useLayoutEffect(() => {
    const element = banner.current;
    const content = element?.parentElement;
    if (!shown || !element || !content) return;
    const publish = () =>
      content.style.setProperty('--connection-banner-height', `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      content.style.removeProperty('--connection-banner-height');
    };
  }, [shown]);

  return (
    <>
      <LiveAnnouncer watch={watchLivePicture} />
      {shown ? (
        <div ref={banner} className="connection-banner" role="alert" data-testid="connection-banner">
          {CONNECTION_TROUBLE_TEXT}
        </div>
      ) : null}
    </>
  );
}
