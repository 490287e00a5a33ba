// The seeded world's things as the replay engine's vehicles, for the tests that drive the engine on their own.
import type { FastifyInstance } from 'fastify';
import type { DeviceType } from '#domain/things/thing';
import type { ReplayVehicle } from '#sim/replay/replayEngine';
import type { SimBehaviour } from '#sim/store/events';

type VehicleRow = {
  system_identifier: string;
  device_type: DeviceType;
  thing_type: string;
  sim_behaviour: SimBehaviour;
  lat: number;
  lng: number;
};

export function seededVehicles(app: FastifyInstance): ReplayVehicle[] {
  return app.eventLog.db
    .prepare<[], VehicleRow>(
      'SELECT system_identifier, device_type, thing_type, sim_behaviour, lat, lng FROM things_with_state ORDER BY id',
    )
    .all()
    .map((row): ReplayVehicle => ({
      deviceId: row.system_identifier,
      deviceType: row.device_type,
      thingType: row.thing_type,
      behaviour: row.sim_behaviour,
      lat: row.lat,
      lng: row.lng,
    }));
}
