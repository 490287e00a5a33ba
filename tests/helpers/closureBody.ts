// A manual closure on W Madison St as the dashboard's form sends it: the one body the server and browser tests save
// when what they check is not the closure itself (streams, permissions, history).
import { addMonths } from 'date-fns';

const MADISON = [
  { lat: 41.8801, lng: -87.6301 },
  { lat: 41.8811, lng: -87.6291 },
];

/** Active from `now` for a month; `overrides` replace any field. */
export function manualClosureBody(now: number, description: string, overrides: Record<string, unknown> = {}) {
  return {
    is_dashboard_managed: true,
    is_in_service: true,
    closure_type: 'manual',
    thing_id: null,
    description,
    alert_message: 'Left lane closed',
    direction: 'E',
    impacted_lanes: [1],
    geocoded_route: MADISON,
    calculated_route: null,
    user_route: MADISON,
    street_start: 'W Madison St',
    street_end: 'W Madison St',
    is_active: true,
    start_time: new Date(now).toISOString(),
    end_time: addMonths(now, 1).toISOString(),
    is_wzdx_compliant: false,
    external_id: null,
    location_method: null,
    vehicle_impact: null,
    group_id: null,
    ...overrides,
  };
}
