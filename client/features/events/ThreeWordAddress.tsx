// The event's three-word address (live §2, §8): "Locating..." while the lookup runs, then "/// words", or
// "what3words not found..." in its place when the lookup fails. Asked again when the event moves.
import { useEffect, useState } from 'react';
import { THREE_WORDS_LOCATING } from '#domain/locations/threeWordAddress';
import { lookUpThreeWords } from '../../api/locations.ts';
import { apiClient } from '../../session/session.ts';

export function ThreeWordAddress({ id, lat, lng }: { id: string; lat: number; lng: number }) {
  const [text, setText] = useState(THREE_WORDS_LOCATING);
  useEffect(() => {
    const controller = new AbortController();
    setText(THREE_WORDS_LOCATING);
    lookUpThreeWords(apiClient(), { id, lat, lng }, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setText(answer);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [id, lat, lng]);
  return (
    <p className="event-detail__words" data-testid="three-word-address">
      {text}
    </p>
  );
}
