// Every decision of the config file writes (issue 14; access §8), without Fastify: given the file's stream and the
// organization read beside it, when a save or a delete, then the events or the refusal.
import { describe, expect, it } from 'vitest';
import {
  CONFIG_FILE_NOT_FOUND,
  SAME_AS_WARNING_LIGHT_PIN,
  type ConfigFileSave,
} from '#domain/integrations/configFile';
import {
  decideConfigFile,
  evolveConfigFile,
  NO_CONFIG_FILE_STATE,
  type ConfigFileCaller,
  type ConfigFileCommand,
  type ConfigFileEvent,
  type ConfigFileState,
} from '#sim/integrations/configFileDecider';
import { given, type Decider } from '../support/givenWhenThen.ts';
import { ACCESSED, OWN } from '../support/callerOrganizations.ts';

describe('config files', () => {
  const files: Decider<ConfigFileCommand, ConfigFileState, ConfigFileEvent> = {
    initial: NO_CONFIG_FILE_STATE,
    evolve: evolveConfigFile,
    decide: decideConfigFile,
  };
  const caller: ConfigFileCaller = {
    reachable: new Set([OWN, ACCESSED]),
    writable: new Set([OWN]),
    email: 'orgadmin@demo.test',
  };
  const save: ConfigFileSave = {
    file_name: 'a.cfg',
    platform: 'linux',
    thing_type: 'Police',
    model: 'HA5',
    password: '',
    heartbeat_interval: 2,
    warning_light_pin: 4,
    indicator_pin: 5,
    location_type: 'mobile',
  };
  const facts: ConfigFileState = { ...NO_CONFIG_FILE_STATE, organizationName: 'Own' };
  const create = (organizationId = OWN, body = save): ConfigFileCommand => ({
    type: 'CreateConfigFile',
    caller,
    organizationId,
    save: body,
  });

  it('saves a file stamped with the organization, the caller’s e-mail and the time', () => {
    const [decided] = given(files, [], facts)
      .when(create(), { newId: () => 'f-1' })
      .accepted();
    expect(decided).toMatchObject({
      streamId: 'f-1',
      event: {
        type: 'ConfigFileSaved',
        data: {
          id: 'f-1',
          organization: { id: OWN, name: 'Own' },
          user_email: 'orgadmin@demo.test',
          created_at: '2026-03-02T15:00:00.000Z',
        },
      },
    });
  });

  it('refuses the indicator pin on the warning light pin, a read-only or unknown organization', () => {
    given(files, [], facts)
      .when(create(OWN, { ...save, indicator_pin: 4 }))
      .thenRefused({ kind: 'bad_request', problems: [`indicator_pin: ${SAME_AS_WARNING_LIGHT_PIN}`] });
    given(files, [], facts).when(create(ACCESSED)).thenRefused({ kind: 'forbidden' });
    given(files, [], facts).when(create('org-far')).thenRefused({ kind: 'organization_not_found' });
  });

  it('deletes a file once; then it is not found', () => {
    const saved = given(files, [], facts)
      .when(create(), { newId: () => 'f-1' })
      .accepted()[0]?.event as ConfigFileEvent;
    const remove: ConfigFileCommand = { type: 'DeleteConfigFile', caller, configFileId: 'f-1' };
    expect(given(files, [saved]).when(remove).accepted()).toHaveLength(1);
    given(files, [saved, { type: 'ConfigFileDeleted', data: { id: 'f-1' } }])
      .when(remove)
      .thenRefused({ kind: 'not_found', text: CONFIG_FILE_NOT_FOUND });
  });
});
