// The aggregated server one request gets: every MCP method answered from the user's upstreams.
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  type CompleteRequest,
  type CompleteResult,
  type GetPromptResult,
  type Implementation,
  type LoggingLevel,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import {
  describeMember,
  errorMessage,
  findRouted,
  gather,
  listPrompts,
  promptsOf,
} from './catalog.js';
import type { RequestContext } from './context.js';
import { DISCOVERY_INSTRUCTIONS } from './discovery.js';
import { callTool, listExposedTools } from './tools.js';

// A resource the upstream does not have, as the specification numbers it.
const RESOURCE_NOT_FOUND = -32002;
// What an upstream that offers no completion suggests.
const NO_COMPLETION: CompleteResult = { completion: { values: [] } };

/**
 * One JSON Schema validator for every request's server: the endpoint builds a server per request
 * (stateless), and a validator of its own each time cost about a quarter of the endpoint's CPU.
 */
const validator = new AjvJsonSchemaValidator();

export function createAggregateServer(info: Implementation, context: RequestContext): Server {
  const server = new Server(info, {
    jsonSchemaValidator: validator,
    // No listChanged: a stateless endpoint has no stream to announce changes on.
    capabilities: { tools: {}, resources: {}, prompts: {}, completions: {}, logging: {} },
    ...(context.discovery ? { instructions: DISCOVERY_INSTRUCTIONS } : {}),
  });
  const { scope, log } = context;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: await listExposedTools(context),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callTool(context, request, extra),
  );
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: await context.resources.listResources(scope, log),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: await context.resources.listTemplates(scope, log),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) =>
    readResource(context, request.params.uri, extra.signal),
  );
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: (await listPrompts(scope, log)).map((route) => ({
      ...route.item,
      name: route.exposed,
    })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request, extra) =>
    getPrompt(context, request.params.name, request.params.arguments, extra.signal),
  );
  server.setRequestHandler(CompleteRequestSchema, (request, extra) =>
    complete(context, request.params, extra.signal),
  );
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    await setLevel(context, request.params.level);
    return {};
  });
  return server;
}

async function readResource(
  context: RequestContext,
  uri: string,
  signal: AbortSignal,
): Promise<ReadResourceResult> {
  const route = await context.resources.route(context.scope, uri, context.log);
  if (!route) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
  route.member.upstream.touch();
  const client = await route.member.upstream.connect();
  const result = await client.readResource({ uri: route.uri }, { signal });
  if (route.uri === uri) return result;
  // A namespaced URI: the contents name it as the client does.
  const contents = result.contents.map((content) =>
    content.uri === route.uri ? { ...content, uri } : content,
  );
  return { ...result, contents };
}

async function getPrompt(
  context: RequestContext,
  name: string,
  args: Record<string, string> | undefined,
  signal: AbortSignal,
): Promise<GetPromptResult> {
  const route = await findRouted(context.scope, name, promptsOf);
  if (!route) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${name}`);
  route.member.upstream.touch();
  const client = await route.member.upstream.connect();
  return client.getPrompt(
    { name: route.item.name, ...(args ? { arguments: args } : {}) },
    { signal },
  );
}

/** Completion goes where the prompt or resource it completes for lives, under its own name. */
async function complete(
  context: RequestContext,
  params: CompleteRequest['params'],
  signal: AbortSignal,
): Promise<CompleteResult> {
  const { ref } = params;
  if (ref.type === 'ref/prompt') {
    const route = await findRouted(context.scope, ref.name, promptsOf);
    if (!route) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${ref.name}`);
    const client = await route.member.upstream.connect();
    if (!client.getServerCapabilities()?.completions) return NO_COMPLETION;
    return client.complete({ ...params, ref: { ...ref, name: route.item.name } }, { signal });
  }
  const route = await context.resources.route(context.scope, ref.uri, context.log);
  if (!route) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${ref.uri}`);
  const client = await route.member.upstream.connect();
  if (!client.getServerCapabilities()?.completions) return NO_COMPLETION;
  return client.complete({ ...params, ref: { ...ref, uri: route.uri } }, { signal });
}

/**
 * Passed to every upstream that declares logging. Stateless, the endpoint has no stream to send
 * later log messages on, but upstreams still log less (or more) for the user's calls.
 */
async function setLevel(context: RequestContext, level: LoggingLevel): Promise<void> {
  await gather(context.scope, context.log, 'logging', async (member) => {
    const client = await member.upstream.connect();
    if (!client.getServerCapabilities()?.logging) return [];
    try {
      await client.setLoggingLevel(level);
    } catch (error) {
      context.log.warn({ ...describeMember(member), err: errorMessage(error) }, 'setLevel failed');
    }
    return [];
  });
}
