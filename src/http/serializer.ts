import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serialize = (data: unknown) => string;
type BuildSerializer = ReturnType<typeof SerializerSelector>;

const fastifysOwn = SerializerSelector();

/**
 * Fastify's response serializers (fast-json-stringify, with the schemas each plugin context
 * shares), each built on its first use instead of at start-up. Building a few hundred of them,
 * with the validators, before listening was about a second of every start (docs/performance.md);
 * a route's first answer now pays for its own, once. Validators are deferred the same way
 * (validator.ts).
 */
export const buildLazySerializer: BuildSerializer = (externalSchemas, options) => {
  const compile = fastifysOwn(externalSchemas, options);
  return (route) => {
    let serialize: Serialize | undefined;
    return (data: unknown) => (serialize ??= compile(route) as Serialize)(data);
  };
};
