// The frame every popup on the map shares (asset, station, info window): placed at a point on the map's canvas,
// above it, with a × when it stays open until closed.
import type { ReactNode } from 'react';

export function MapPopup({
  point,
  className = '',
  testId,
  thingId,
  onClose,
  children,
}: {
  point: [number, number];
  className?: string;
  testId: string;
  thingId?: string;
  /** Given for popups that stay open (pinned): they get a × and take the pointer. */
  onClose?(): void;
  children: ReactNode;
}) {
  return (
    <div
      className={`map-popup${onClose ? ' map-popup--pinned' : ''} ${className}`.trim()}
      style={{ left: point[0], top: point[1] }}
      data-testid={testId}
      data-thing-id={thingId}
    >
      {onClose ? (
        <button type="button" className="map-popup__close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      ) : null}
      {children}
    </div>
  );
}

/** The line under a search box: what the search could not do. */
export function SearchMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="map-search__message" role="status">
      {message}
    </p>
  ) : null;
}
