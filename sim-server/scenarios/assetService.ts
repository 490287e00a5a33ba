// Asset edits a dispatcher makes, through the REST route: a maintenance truck taken out of service for ten
// minutes, and a police car's public alerting switched off and, as the product does, back on after 60 minutes.
import type { Scenario } from './scenario.ts';

export const ALERTING_OFF_MS = 60 * 60_000;

export const assetOutOfService: Scenario = {
  name: 'asset-out-of-service',
  description: 'A maintenance truck goes out of service 20 s in and back in service ten minutes later.',
  plan(world) {
    const truck = world.things({ thingTypes: ['maintenance'], behaviours: ['roaming', 'parked'] })[0];
    if (!truck) return [];
    world.claim(truck);
    const alerting = truck.is_publicly_alerting === 1;
    return [
      {
        atMs: 20_000,
        run: (w) => w.updateService(truck, { in_service: false, is_publicly_alerting: alerting }),
      },
      {
        atMs: 620_000,
        run: (w) => w.updateService(truck, { in_service: true, is_publicly_alerting: alerting }),
      },
    ];
  },
};

export const alertingPaused: Scenario = {
  name: 'alerting-paused',
  description: 'A police car’s public alerting goes off 20 s in and comes back on 60 minutes later.',
  plan(world) {
    const car = world
      .things({ thingTypes: ['police'], behaviours: ['roaming', 'parked'] })
      .find((thing) => thing.is_publicly_alerting === 1 && thing.in_service === 1);
    if (!car) return [];
    world.claim(car);
    return [
      { atMs: 20_000, run: (w) => w.updateService(car, { in_service: true, is_publicly_alerting: false }) },
      {
        atMs: 20_000 + ALERTING_OFF_MS,
        run: (w) => w.updateService(car, { in_service: true, is_publicly_alerting: true }),
      },
    ];
  },
};
