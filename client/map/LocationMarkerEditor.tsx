// The draggable location marker (live §2, §9): drawn over the map at the event's position with its 100 m circle
// (a deck.gl layer through featureLayers.ts) and a heading arrow. Dragging the marker moves it, but never out of
// the circle around where it started (clampToCircle); dragging the arrow's tip turns the heading. The result goes
// to `editResult` (mapEditing.ts) for the screen's form.
import { useSignals } from '@preact/signals-react/runtime';
import { ScatterplotLayer } from '@deck.gl/layers';
import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { LOCATION_MARKER_RADIUS_METRES, clampToCircle, headingTowards } from '#domain/map/mapRules';
import type { LngLat } from '../live/mapProtocol.ts';
import { clearFeatureLayers, setFeatureLayers } from './featureLayers.ts';
import { editResult } from './mapEditing.ts';
import type { MapSurface } from './mapSurface.ts';
import { cameraState } from './mapViewState.ts';

const LAYER_KEY = 'location-editor';
/** Pixels from the marker's centre to the arrow's tip. */
const ARROW_LENGTH = 42;

export function LocationMarkerEditor({
  surface,
  start,
  anywhere = false,
}: {
  surface: MapSurface;
  start: LngLat;
  /** A new location: no 100 m circle to stay within. */
  anywhere?: boolean;
}) {
  useSignals();
  void cameraState.value;
  const dragging = useRef<'marker' | 'arrow' | null>(null);
  const result = editResult.value;

  useEffect(() => {
    if (anywhere) return;
    setFeatureLayers(LAYER_KEY, [
      new ScatterplotLayer<LngLat>({
        id: 'location-editor-circle',
        data: [start],
        getPosition: (position) => position,
        getRadius: LOCATION_MARKER_RADIUS_METRES,
        radiusUnits: 'meters',
        getFillColor: [37, 99, 235, 35],
        stroked: true,
        getLineColor: [37, 99, 235, 200],
        lineWidthUnits: 'pixels',
        getLineWidth: 2,
      }),
    ]);
    return () => clearFeatureLayers(LAYER_KEY);
  }, [start, anywhere]);

  if (result?.kind !== 'location') return null;
  const [x, y] = surface.project(result.position);
  const heading = result.heading;

  function pointerAt(event: ReactPointerEvent): LngLat {
    const box = (event.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    return surface.unproject([event.clientX - box.left, event.clientY - box.top]);
  }

  function begin(what: 'marker' | 'arrow') {
    return (event: ReactPointerEvent) => {
      event.stopPropagation();
      event.currentTarget.setPointerCapture(event.pointerId);
      dragging.current = what;
    };
  }

  function move(event: ReactPointerEvent) {
    const current = editResult.peek();
    if (!dragging.current || current?.kind !== 'location') return;
    const [lng, lat] = pointerAt(event);
    if (dragging.current === 'marker') {
      const landed = anywhere ? { lng, lat } : clampToCircle({ lng: start[0], lat: start[1] }, { lng, lat });
      editResult.value = { ...current, position: [landed.lng, landed.lat] };
    } else {
      const [fromLng, fromLat] = current.position;
      editResult.value = {
        ...current,
        heading: headingTowards({ lng: fromLng, lat: fromLat }, { lng, lat }),
      };
    }
  }

  const end = () => {
    dragging.current = null;
  };

  const radians = ((heading ?? 0) * Math.PI) / 180;
  const tip: [number, number] = [x + Math.sin(radians) * ARROW_LENGTH, y - Math.cos(radians) * ARROW_LENGTH];
  return (
    <>
      {heading === null ? null : (
        <span
          className="map-heading-arrow"
          style={{ left: x, top: y - ARROW_LENGTH, transform: `rotate(${heading}deg)` }}
          aria-hidden="true"
        />
      )}
      <span
        className="map-heading-handle"
        data-testid="heading-handle"
        title="Drag to turn the heading"
        style={{ left: heading === null ? x : tip[0], top: heading === null ? y - ARROW_LENGTH : tip[1] }}
        onPointerDown={begin('arrow')}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <span
        className="map-location-marker"
        data-testid="location-marker"
        title="Drag to move the location"
        style={{ left: x, top: y }}
        onPointerDown={begin('marker')}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
    </>
  );
}
