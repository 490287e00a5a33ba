// Deciding device config file writes (access §3 "Config file", §5) and folding their events, without IO. A file
// belongs to an organization the caller may write to (its own or a managed one); the pin rule across fields is the
// domain's, with its text ('Cannot be the same as Warning Light Pin').
import {
  CONFIG_FILE_NOT_FOUND,
  configFileProblems,
  type ConfigFileRecord,
  type ConfigFileSave,
} from '#domain/integrations/configFile';
import {
  accept,
  badRequest,
  FORBIDDEN,
  notFound,
  ORGANIZATION_NOT_FOUND_REFUSAL,
  type CallerReach,
  type Decision,
  type DecisionContext,
} from '../kernel/decision.ts';
import type { SimEvent } from '../store/events.ts';

export type ConfigFileCaller = CallerReach & { email: string };

export type ConfigFileCommand =
  | { type: 'CreateConfigFile'; caller: ConfigFileCaller; organizationId: string; save: ConfigFileSave }
  | { type: 'DeleteConfigFile'; caller: ConfigFileCaller; configFileId: string };

export type ConfigFileState = {
  configFile: ConfigFileRecord | null;
  /** The name of the organization a new file goes to. */
  organizationName: string | null;
};

export const NO_CONFIG_FILE_STATE: ConfigFileState = { configFile: null, organizationName: null };

export type ConfigFileEvent = Extract<SimEvent, { type: 'ConfigFileSaved' | 'ConfigFileDeleted' }>;

export function decideConfigFile(
  command: ConfigFileCommand,
  state: ConfigFileState,
  context: DecisionContext,
): Decision {
  const { caller } = command;
  switch (command.type) {
    case 'CreateConfigFile': {
      const { organizationId, save } = command;
      if (!caller.reachable.has(organizationId) || state.organizationName === null)
        return ORGANIZATION_NOT_FOUND_REFUSAL;
      if (!caller.writable.has(organizationId)) return FORBIDDEN;
      const problems = Object.entries(configFileProblems(save));
      if (problems.length > 0) return badRequest(...problems.map(([field, text]) => `${field}: ${text}`));
      const id = context.newId();
      const at = new Date(context.now).toISOString();
      return accept({
        event: {
          type: 'ConfigFileSaved',
          data: {
            id,
            organization: { id: organizationId, name: state.organizationName },
            thing_type: save.thing_type,
            model: save.model,
            platform: save.platform,
            file_name: save.file_name,
            password: save.password,
            heartbeat_interval: save.heartbeat_interval,
            warning_light_pin: save.warning_light_pin,
            indicator_pin: save.indicator_pin,
            user_email: caller.email,
            location_type: save.location_type,
            created_at: at,
            updated_at: at,
          },
        },
        streamId: id,
        organizationId,
      });
    }
    case 'DeleteConfigFile': {
      const file = state.configFile;
      if (!file || !caller.reachable.has(file.organization.id)) return notFound(CONFIG_FILE_NOT_FOUND);
      if (!caller.writable.has(file.organization.id)) return FORBIDDEN;
      return accept({
        event: { type: 'ConfigFileDeleted', data: { id: file.id } },
        streamId: file.id,
        organizationId: file.organization.id,
      });
    }
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown config file command ${JSON.stringify(unexpected)}`);
    }
  }
}

export function evolveConfigFile(state: ConfigFileState, event: ConfigFileEvent): ConfigFileState {
  switch (event.type) {
    case 'ConfigFileSaved':
      return { ...state, configFile: event.data };
    case 'ConfigFileDeleted':
      return { ...state, configFile: null };
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown config file event ${JSON.stringify(unexpected)}`);
    }
  }
}
