// Every scenario, by the name `npm start -- --scenario <name>` takes (`all` runs them together).
import { arrowBoardClosure } from './arrowBoardClosure.ts';
import { alertingPaused, assetOutOfService } from './assetService.ts';
import { devicesComeAndGo } from './devicesComeAndGo.ts';
import { respondersConverge } from './respondersConverge.ts';
import type { Scenario } from './scenario.ts';
import { wzdxFeedClosure } from './wzdxFeedClosure.ts';

export const SCENARIOS: readonly Scenario[] = [
  respondersConverge,
  arrowBoardClosure,
  devicesComeAndGo,
  assetOutOfService,
  alertingPaused,
  wzdxFeedClosure,
];

/** The scenarios named (or all of them for `all`); throws naming the unknown ones. */
export function scenariosNamed(names: readonly string[]): Scenario[] {
  if (names.includes('all')) return [...SCENARIOS];
  const unknown = names.filter((name) => !SCENARIOS.some((scenario) => scenario.name === name));
  if (unknown.length > 0)
    throw new Error(
      `no scenario called ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}, all`,
    );
  return SCENARIOS.filter((scenario) => names.includes(scenario.name));
}
