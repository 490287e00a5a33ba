// Infrastructure plugins decorate the app for every route plugin, so they skip Fastify's encapsulation
// (fastify-plugin); each is named, so Fastify can report a missing or doubled registration by name.
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

export function sharedPlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return fastifyPlugin(plugin, { name, fastify: '5.x' });
}
