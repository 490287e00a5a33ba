// The events map's instruction dialog (live §2 "Instruction dialogs per map view"), opened from its control.
import type { MapInstructionSet } from '../../map/MapInstructions.tsx';

export const EVENTS_INSTRUCTIONS: MapInstructionSet = {
  title: 'Events on the map',
  steps: [
    'Event pins show from street zoom (17; 16 for events drawn from a shape of their own): red while active, grey once ended.',
    'Click a pin or a row to open the event; its detail centres the map on it.',
    'Edit Location (active events, large screens): drag the marker within its 100 m circle and the white handle to turn the roadway heading, then Save.',
  ],
  openByItself: false,
};
