// Mutual-aid sharing (access §7 `POST /organization/mutual_aid_request`, §8): the request kept as an event and
// mailed to support through the outbox, refused in the catalogue's words for assets the organization does not own,
// the field rules for malformed bodies, and the organization-manage permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AT_LEAST_ONE_ASSET, THANK_YOU, UNABLE_TO_SEND } from '#domain/sharing/mutualAid';
import { decideMutualAid, evolveMutualAid, NO_MUTUAL_AID_STATE } from '#sim/sharing/mutualAidDecider';
import { SUPPORT_EMAIL } from '#sim/sharing/mutualAidRoutes';
import { given, type Decider } from './support/givenWhenThen.ts';
import { call, eventCount, row, rows, startLiveWorld, type LiveWorld } from './support/liveOperations.ts';

let world: LiveWorld;
let ownThingIds: string[];
let foreignThingId: string;

beforeAll(async () => {
  world = await startLiveWorld();
  ownThingIds = rows<{ id: string }>(
    world,
    'SELECT id FROM things WHERE organization_id = ? ORDER BY id LIMIT 2',
    world.ids.coordination,
  ).map((each) => each.id);
  foreignThingId = row<{ id: string }>(
    world,
    'SELECT id FROM things WHERE organization_id = ? LIMIT 1',
    world.ids.fleet,
  ).id;
});
afterAll(async () => {
  await world.harness.close();
});

const send = (body: unknown, token = world.tokens.orgAdmin) =>
  call(world, 'POST', '/api/organization/mutual_aid_request', token, body);

describe('POST /api/organization/mutual_aid_request', () => {
  it('records the request and mails support', async () => {
    const response = await send({ shared_org: 'Evanston Fire', thing_uuids: ownThingIds, expiration: 30 });
    expect(response.statusCode).toBe(201);
    const answer = response.json<{ id: string; message: string }>();
    expect(answer.message).toBe(THANK_YOU);
    const event = row<{ type: string; data: string }>(
      world,
      'SELECT type, data FROM events WHERE stream_id = ?',
      answer.id,
    );
    expect(event.type).toBe('MutualAidRequested');
    expect(JSON.parse(event.data)).toMatchObject({
      shared_org: 'Evanston Fire',
      thing_uuids: ownThingIds,
      expiration: 30,
      email: 'orgadmin@demo.test',
      organization_id: world.ids.coordination,
    });
    const outbox = await call(world, 'GET', `/api/sim/outbox?email=${SUPPORT_EMAIL}`, world.tokens.staff);
    const mails = outbox.json<{ mails: { subject: string; body: string }[] }>().mails;
    expect(mails.at(-1)?.body).toContain('"Evanston Fire" (30 days)');
  });

  it('sends the names the requester edited and lists the assets by name in the mail', async () => {
    const named = rows<{ id: string; name: string }>(
      world,
      `SELECT id, COALESCE(NULLIF(nickname, ''), UPPER(system_identifier)) AS name FROM things WHERE id IN (?, ?)`,
      ...ownThingIds,
    );
    const response = await send({
      firstname: ' Dana ',
      lastname: 'Ruiz',
      shared_org: 'Skokie Fire',
      thing_uuids: ownThingIds,
      expiration: null,
    });
    expect(response.statusCode).toBe(201);
    const event = row<{ data: string }>(
      world,
      'SELECT data FROM events WHERE stream_id = ?',
      response.json<{ id: string }>().id,
    );
    expect(JSON.parse(event.data)).toMatchObject({ firstname: 'Dana', lastname: 'Ruiz' });
    const outbox = await call(world, 'GET', `/api/sim/outbox?email=${SUPPORT_EMAIL}`, world.tokens.staff);
    const mail = outbox.json<{ mails: { subject: string; body: string }[] }>().mails.at(-1);
    expect(mail?.subject).toBe('Mutual aid request from Dana Ruiz');
    for (const { id, name } of named) {
      expect(mail?.body).toContain(name);
      expect(mail?.body).not.toContain(id);
    }
  });

  it('refuses assets the organization does not own with "Unable to send Mutual Aid Request", writing nothing', async () => {
    const before = eventCount(world);
    const response = await send({
      shared_org: 'Evanston Fire',
      thing_uuids: [foreignThingId],
      expiration: null,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: UNABLE_TO_SEND, message: UNABLE_TO_SEND });
    expect(eventCount(world)).toBe(before);
  });

  it.each([
    [{ shared_org: ' ', thing_uuids: ['a'], expiration: null }, 'shared_org: Required'],
    [
      { shared_org: 'x'.repeat(1001), thing_uuids: ['a'], expiration: null },
      'shared_org: 1000 Max Characters',
    ],
    [{ shared_org: 'Evanston', thing_uuids: [], expiration: null }, `thing_uuids: ${AT_LEAST_ONE_ASSET}`],
    [
      { shared_org: 'Evanston', thing_uuids: ['a'], expiration: 45 },
      'expiration: must be null (no expiration), 30, 60 or 90',
    ],
    [{ shared_org: 'Evanston', thing_uuids: ['a'] }, 'expiration:'],
  ])('refuses a malformed body %#, naming the field', async (body, message) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('needs organization:manage', async () => {
    const response = await send(
      { shared_org: 'Evanston', thing_uuids: ownThingIds, expiration: 60 },
      world.tokens.user,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('the mutual-aid decision', () => {
  const decider: Decider<
    Parameters<typeof decideMutualAid>[0],
    Parameters<typeof decideMutualAid>[1],
    Parameters<typeof evolveMutualAid>[1]
  > = { initial: NO_MUTUAL_AID_STATE, evolve: evolveMutualAid, decide: decideMutualAid };
  const caller = {
    userId: 'u1',
    organizationId: 'org',
    email: 'a@b.test',
    firstname: 'Ann',
    lastname: 'Lee',
  };

  it('accepts owned assets once each, as a request stream of its own', () => {
    given(decider, [{ type: 'ThingOwned', thingId: 't1' }])
      .when({
        type: 'RequestMutualAid',
        caller,
        request: { shared_org: ' Evanston ', thing_uuids: ['t1', 't1'], expiration: 90 },
      })
      .thenEvents([
        {
          event: {
            type: 'MutualAidRequested',
            data: {
              id: 'new-id',
              organization_id: 'org',
              requested_by: 'u1',
              email: 'a@b.test',
              firstname: 'Ann',
              lastname: 'Lee',
              shared_org: 'Evanston',
              thing_uuids: ['t1'],
              expiration: 90,
              requested_at: '2026-03-02T15:00:00.000Z',
            },
          },
          streamId: 'new-id',
          organizationId: 'org',
        },
      ]);
  });

  it('refuses an asset it does not own', () => {
    given(decider, [{ type: 'ThingOwned', thingId: 't1' }])
      .when({
        type: 'RequestMutualAid',
        caller,
        request: { shared_org: 'E', thing_uuids: ['t1', 't2'], expiration: null },
      })
      .thenRefused({ kind: 'unprocessable', text: UNABLE_TO_SEND });
  });
});
