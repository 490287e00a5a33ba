// Routes decide inside the cluster's turn (docs/scale-out.md "Decisions inside the turn"): two nodes on one real
// PostgreSQL (useLocalPostgres, as postgresNodes.test.ts) take saves of one WZDx Unique ID at the same moment, and
// exactly one is accepted; the others are refused with the words the dashboard shows ("ID is already in use").
// Before, each node decided on its replica before waiting for the turn, so both nodes accepted one id.
import { describe, expect, it } from 'vitest';
import type { ClosureRecord } from '#domain/closures/closureRecord';
import { closureSaveError, WZDX_ID_IN_USE } from '#domain/closures/closureForm';
import { manualClosureBody } from '#tests/helpers/closureBody';
import { useLocalPostgres } from './support/localPostgres.ts';
import { usePostgresNodes } from './support/postgresNodes.ts';
import { ROLE_EMAILS } from './support/liveOperations.ts';
import {
  bearer,
  manualClock,
  organizationIds,
  signIn,
  type Harness,
  type ManualClock,
} from './support/simulatorHarness.ts';

const postgres = useLocalPostgres({ emptyLogBeforeEach: true });
const nodeNamed = usePostgresNodes(postgres);

/** A closure published to the WZDx feed under `externalId`, as the dashboard's form sends it. */
function publishedClosure(clock: ManualClock, description: string, externalId: string) {
  return manualClosureBody(clock.now(), description, {
    is_wzdx_compliant: true,
    external_id: externalId,
    location_method: 'sign-method',
    vehicle_impact: 'all-lanes-open',
  });
}

describe('given two nodes sharing one PostgreSQL log', () => {
  it('when both save a closure under one WZDx Unique ID at once, then one is accepted and the others are told the ID is in use', async () => {
    const clock = manualClock();
    const a = await nodeNamed('a', clock);
    const b = await nodeNamed('b', clock);
    const roadWorks = organizationIds(a.app).roadWorks;
    const tokenOn = async (node: Harness) => (await signIn(node.app, ROLE_EMAILS.admin)).access_token;
    const nodes = [
      { node: a, token: await tokenOn(a) },
      { node: b, token: await tokenOn(b) },
    ];

    // Two saves on each node, all sent before any is answered: a node that decided before its turn would accept
    // one on each node (and on one node, the second before the first had committed).
    const answers = await Promise.all(
      [...nodes, ...nodes].map(({ node, token }, i) =>
        node.app.inject({
          method: 'POST',
          url: `/api/organization/closure?org_ids[]=${roadWorks}`,
          headers: bearer(token),
          payload: publishedClosure(clock, `Race ${i}`, 'RACE-0001'),
        }),
      ),
    );

    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422, 422]);
    for (const refused of answers.filter((answer) => answer.statusCode === 422))
      expect(closureSaveError(422, refused.json<{ error: string }>().error)).toBe(WZDX_ID_IN_USE);
    const accepted = answers.find((answer) => answer.statusCode === 201)?.json<ClosureRecord>();
    for (const { node, token } of nodes) {
      await node.app.eventLog.idle();
      const listed = await node.app.inject({
        method: 'GET',
        url: `/api/organization/closure?org_ids[]=${roadWorks}`,
        headers: bearer(token),
      });
      const holders = listed.json<ClosureRecord[]>().filter((closure) => closure.external_id === 'RACE-0001');
      expect(holders.map((closure) => closure.id)).toEqual([accepted?.id]);
    }
  }, 90_000);
});
