// Infrastructure plugins decorate the app for every route plugin, so they skip Fastify's encapsulation
// (what the fastify-plugin package does, without the dependency).
import type { FastifyPluginAsync } from 'fastify';

export function sharedPlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name, fastify: '5.x' },
  });
}
