// The two search boxes over the map (live §2): the coordinate search ("41.8623, -87.6167": text that is not a
// latitude/longitude pair shows the invalid state; a pair is truncated to 7 decimals, the map centres there and
// an info window opens; a pair off the globe reads "Unable to find location"), and "Jump to your saved areas...",
// which centres on a saved area (zoom 16, 17 for a point of interest).
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useState, type FormEvent } from 'react';
import {
  AREA_ZOOM,
  COORDINATE_PLACEHOLDER,
  LOCATION_NOT_FOUND,
  MIN_CENTRE_ZOOM,
  POINT_OF_INTEREST_ZOOM,
  parseCoordinateSearch,
} from '#domain/map/mapRules';
import type { AreaView } from '../live/mapProtocol.ts';
import { areaViews } from '../live/mapStore.ts';
import { SearchMessage } from './MapPopup.tsx';
import type { MapSurface } from './mapSurface.ts';
import { infoWindow } from './mapViewState.ts';

export function CoordinateSearch({ surface }: { surface: MapSurface }) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const parsed = parseCoordinateSearch(text);
  const invalid = parsed.kind === 'invalid';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (parsed.kind === 'found') {
      setMessage(null);
      const position: [number, number] = [parsed.lng, parsed.lat];
      surface.centreOn(position, Math.max(surface.zoom(), MIN_CENTRE_ZOOM));
      infoWindow.value = { position, title: `${parsed.lat}, ${parsed.lng}` };
      return;
    }
    setMessage(parsed.kind === 'notFound' ? parsed.message : null);
  }

  return (
    <form className="map-search" onSubmit={submit} role="search" aria-label="Coordinate search">
      <input
        className={`input map-search__input${invalid ? ' input--invalid' : ''}`}
        type="text"
        required
        aria-label="Search coordinates"
        aria-invalid={invalid}
        placeholder={COORDINATE_PLACEHOLDER}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setMessage(null);
        }}
      />
      <SearchMessage message={message} />
    </form>
  );
}

function findArea(areas: readonly AreaView[], text: string): AreaView | undefined {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return undefined;
  return (
    areas.find((area) => area.name.toLowerCase() === wanted) ??
    areas.find((area) => area.name.toLowerCase().includes(wanted))
  );
}

export function SavedAreaSearch({ surface }: { surface: MapSurface }) {
  useSignals();
  const areas = areaViews.value;
  const listId = useId();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  function jump(value: string) {
    const area = findArea(areas, value);
    if (!area) {
      setMessage(LOCATION_NOT_FOUND);
      return;
    }
    setMessage(null);
    surface.centreOn(area.position, area.isPoi ? POINT_OF_INTEREST_ZOOM : AREA_ZOOM);
  }

  return (
    <form
      className="map-search"
      role="search"
      aria-label="Saved areas"
      onSubmit={(event) => {
        event.preventDefault();
        jump(text);
      }}
    >
      <input
        className="input map-search__input"
        type="search"
        aria-label="Jump to your saved areas"
        placeholder="Jump to your saved areas..."
        list={listId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setMessage(null);
        }}
      />
      <datalist id={listId}>
        {areas.map((area) => (
          <option key={area.id} value={area.name} />
        ))}
      </datalist>
      <SearchMessage message={message} />
    </form>
  );
}
