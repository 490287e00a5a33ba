// The trips on the map as deck.gl layers (drawn through client/map/featureLayers.ts): each run's path in its
// asset's colour, a green start and a red end marker, and the playback position of each asset as a larger dot with
// a white ring. Pure: trips and positions in, layers out.
import type { Layer } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { PlaybackPosition } from '#domain/trips/playback';
import type { Trip } from '#domain/trips/trip';

type Rgb = [number, number, number];

const ASSET_COLOURS: readonly Rgb[] = [
  [37, 99, 235],
  [217, 119, 6],
  [124, 58, 237],
  [8, 145, 178],
  [219, 39, 119],
];
const START_COLOUR: Rgb = [22, 163, 74];
const END_COLOUR: Rgb = [220, 38, 38];

/** One colour per asset, in the order the assets appear in the list. */
export function assetColours(trips: readonly Trip[]): Map<string, Rgb> {
  const colours = new Map<string, Rgb>();
  for (const trip of trips)
    if (!colours.has(trip.thingId))
      colours.set(trip.thingId, ASSET_COLOURS[colours.size % ASSET_COLOURS.length] ?? [0, 0, 0]);
  return colours;
}

export function colourText([red, green, blue]: Rgb): string {
  return `rgb(${red}, ${green}, ${blue})`;
}

type Marker = { position: [number, number]; colour: Rgb };

export function tripLayers(
  trips: readonly Trip[],
  positions: readonly PlaybackPosition[],
  colours: ReadonlyMap<string, Rgb>,
): Layer[] {
  const ends: Marker[] = [];
  for (const trip of trips) {
    const first = trip.path[0];
    const last = trip.path[trip.path.length - 1];
    if (first) ends.push({ position: [first[0], first[1]], colour: START_COLOUR });
    if (last && trip.path.length > 1) ends.push({ position: [last[0], last[1]], colour: END_COLOUR });
  }
  return [
    new PathLayer<Trip>({
      id: 'trip-paths',
      data: trips as Trip[],
      getPath: (trip) => trip.path,
      getColor: (trip) => colours.get(trip.thingId) ?? [0, 0, 0],
      getWidth: 4,
      widthUnits: 'pixels',
      capRounded: true,
      jointRounded: true,
    }),
    new ScatterplotLayer<Marker>({
      id: 'trip-ends',
      data: ends,
      getPosition: (marker) => marker.position,
      getFillColor: (marker) => marker.colour,
      getLineColor: [255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      radiusUnits: 'pixels',
      getRadius: 6,
    }),
    new ScatterplotLayer<PlaybackPosition>({
      id: 'trip-playback',
      data: positions as PlaybackPosition[],
      getPosition: (position) => [position.lng, position.lat],
      getFillColor: (position) => colours.get(position.thingId) ?? [0, 0, 0],
      getLineColor: [255, 255, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 3,
      radiusUnits: 'pixels',
      getRadius: 9,
      updateTriggers: { getPosition: positions },
    }),
  ];
}
