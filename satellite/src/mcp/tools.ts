// tools/list and tools/call of the aggregated server: a call goes to the upstream that has the
// tool, under its own name, and its result comes back unchanged. Progress the upstream reports
// goes to the client, the client's cancellation reaches the upstream (extra.signal), and the
// upstream's requests to its client are relayed while the call runs (relay.ts).
import {
  ErrorCode,
  McpError,
  type CallToolRequest,
  type CallToolResult,
  type Progress,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { errorMessage, findRouted, listTools, type Routed } from './catalog.js';
import type { HandlerExtra, RequestContext } from './context.js';
import {
  CALL_TOOL,
  DESCRIBE_TOOL,
  DISCOVERY_TOOLS,
  errorResult,
  isDiscoveryTool,
  jsonResult,
  searchTools,
} from './discovery.js';
import { relayDuring } from './relay.js';

type ToolArguments = Record<string, unknown>;

export async function listExposedTools(context: RequestContext): Promise<Tool[]> {
  if (context.discovery) return DISCOVERY_TOOLS;
  const routes = await listTools(context.scope, context.log);
  return routes.map((route) => ({ ...route.item, name: route.exposed }));
}

export async function callTool(
  context: RequestContext,
  request: CallToolRequest,
  extra: HandlerExtra,
): Promise<CallToolResult> {
  const { name, arguments: args = {} } = request.params;
  const progressToken = request.params._meta?.progressToken;
  if (context.discovery && isDiscoveryTool(name)) {
    return callDiscoveryTool(context, name, args, progressToken, extra);
  }
  return callByName(context, name, args, progressToken, extra);
}

async function findTool(context: RequestContext, name: string): Promise<Routed<Tool> | undefined> {
  return findRouted(context.scope, name, (member) => member.upstream.tools());
}

async function callByName(
  context: RequestContext,
  name: string,
  args: ToolArguments,
  progressToken: string | number | undefined,
  extra: HandlerExtra,
): Promise<CallToolResult> {
  const route = await findTool(context, name);
  if (!route) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  return callRouted(context, route, args, progressToken, extra);
}

async function callDiscoveryTool(
  context: RequestContext,
  name: string,
  args: ToolArguments,
  progressToken: string | number | undefined,
  extra: HandlerExtra,
): Promise<CallToolResult> {
  if (name === CALL_TOOL) {
    const target = args.name;
    const targetArgs = args.arguments ?? {};
    if (typeof target !== 'string') return errorResult('call_tool needs the tool\'s "name".');
    if (!isRecord(targetArgs)) return errorResult('call_tool\'s "arguments" must be an object.');
    const route = await findTool(context, target);
    if (!route) return errorResult(`No tool is named ${target}; search_tools finds tools.`);
    return callRouted(context, route, targetArgs, progressToken, extra);
  }
  if (name === DESCRIBE_TOOL) {
    if (typeof args.name !== 'string')
      return errorResult('describe_tool needs the tool\'s "name".');
    const route = await findTool(context, args.name);
    if (!route) return errorResult(`No tool is named ${args.name}; search_tools finds tools.`);
    return jsonResult({ ...route.item, name: route.exposed });
  }
  if (typeof args.query !== 'string') return errorResult('search_tools needs a "query".');
  const limit = typeof args.limit === 'number' ? args.limit : undefined;
  const routes = await listTools(context.scope, context.log);
  return jsonResult({ tools: searchTools(routes, args.query, limit) });
}

function isRecord(value: unknown): value is ToolArguments {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a failed call's result, for the request log. */
function failureText(result: CallToolResult): string {
  const text = result.content.find((block) => block.type === 'text');
  return text?.type === 'text' ? text.text : 'The tool reported an error';
}

async function callRouted(
  context: RequestContext,
  route: Routed<Tool>,
  args: ToolArguments,
  progressToken: string | number | undefined,
  extra: HandlerExtra,
): Promise<CallToolResult> {
  const { upstream } = route.member;
  const startedAt = context.now();
  const report = (success: boolean, response?: unknown, failure?: string) =>
    context.reporter.call({
      entry: upstream.entry,
      upstreamKey: upstream.key,
      userId: context.scope.identity.userId,
      teamId: context.scope.identity.teamId,
      toolName: route.exposed,
      params: args,
      response,
      responseTimeMs: context.now() - startedAt,
      success,
      errorMessage: failure,
      at: startedAt,
    });
  try {
    if (!upstream.available) {
      throw new McpError(ErrorCode.InternalError, `${route.member.prefix} is not available now`);
    }
    upstream.touch();
    const result = await callUpstream(context, route, args, progressToken, extra);
    report(!result.isError, result, result.isError ? failureText(result) : undefined);
    return result;
  } catch (error) {
    report(false, undefined, errorMessage(error));
    throw error;
  }
}

async function callUpstream(
  context: RequestContext,
  route: Routed<Tool>,
  args: ToolArguments,
  progressToken: string | number | undefined,
  extra: HandlerExtra,
): Promise<CallToolResult> {
  const { upstream } = route.member;
  const client = await upstream.connect();
  const relayProgress = (progress: Progress) => {
    if (progressToken === undefined) return;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { ...progress, progressToken },
      })
      .catch(() => undefined); // the client went away; the call's own outcome says the rest
  };
  const release = relayDuring(client, extra);
  try {
    const result = await client.callTool({ name: route.item.name, arguments: args }, undefined, {
      signal: extra.signal,
      timeout: context.callTimeoutMs,
      resetTimeoutOnProgress: true,
      ...(progressToken === undefined ? {} : { onprogress: relayProgress }),
    });
    return toCallToolResult(result);
  } finally {
    release();
  }
}

/** A result in the shape of 2024-10-07 (`toolResult`) in today's shape. */
function toCallToolResult(result: CallToolResult | { toolResult: unknown }): CallToolResult {
  if ('content' in result) return result;
  return { content: [{ type: 'text', text: JSON.stringify(result.toolResult) }] };
}
