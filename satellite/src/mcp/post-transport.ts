// One POST of stateless Streamable HTTP, written straight onto node's response. The SDK's own
// server transport goes through web-standard Request and Response objects (and a stream per
// answer) even for one small JSON answer, and that cost more CPU than everything else the
// endpoint does for a tool call; this one writes the answer once.
//
// The POST's answer is JSON when the server has nothing to say before it, and becomes a stream
// of server-sent events as soon as the server sends something that belongs to one of the POST's
// requests (progress, a log message, a relayed sampling or elicitation request): the
// specification lets the server choose per POST, and clients read either. A client that accepts
// only JSON gets no such messages; one that accepts only a stream gets its answers as events.
// An answer that takes longer than STREAM_AFTER_MS starts the stream too, so that the client has
// its response headers (Node's fetch gives up on headers after 5 minutes; proxies sooner).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { isAnswer, isRequest } from './messages.js';

/** A call still running after this long answers as a stream; quick ones answer as JSON. */
export const STREAM_AFTER_MS = 200;

/** How the client said it takes answers (its Accept header). */
export type AnswerForm = 'either' | 'json' | 'stream';

export class PostTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  /** Called once the POST has been answered in full (not when the client hung up first). */
  onfinish?: () => void;
  private readonly pending = new Set<RequestId>();
  private readonly answers: JSONRPCMessage[] = [];
  private streaming = false;
  private done = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly messages: readonly JSONRPCMessage[],
    private readonly form: AnswerForm,
    /** The body was a JSON array: the JSON answer is one too. */
    private readonly batch: boolean,
  ) {
    res.on('close', () => {
      if (!this.done) void this.close();
    });
  }

  get sessionId(): undefined {
    return undefined;
  }

  async start(): Promise<void> {}

  /** Hands the POST's messages to the connected server; a POST of no request is answered 202. */
  dispatch(): void {
    for (const message of this.messages) {
      if (isRequest(message)) this.pending.add(message.id);
    }
    if (this.pending.size === 0) this.finish();
    else if (this.form !== 'json') {
      this.timer = setTimeout(() => this.openStream(), STREAM_AFTER_MS);
      this.timer.unref();
    }
    const extra: MessageExtraInfo = { requestInfo: { headers: this.req.headers } };
    for (const message of this.messages) this.onmessage?.(message, extra);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.done) return;
    if (isAnswer(message)) {
      if (message.id === undefined || !this.pending.delete(message.id)) return;
      if (this.streaming) this.writeEvent(message);
      else this.answers.push(message);
      if (this.pending.size === 0) this.finish();
      return;
    }
    // Stateless: a message that belongs to none of this POST's requests has no stream to go on.
    const related = options?.relatedRequestId;
    if (related === undefined || !this.pending.has(related) || this.form === 'json') return;
    this.openStream();
    this.writeEvent(message);
  }

  async close(): Promise<void> {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    if (!this.res.writableEnded) this.res.end();
    this.onclose?.();
  }

  private openStream(): void {
    clearTimeout(this.timer);
    if (this.streaming || this.res.writableEnded) return;
    this.streaming = true;
    this.res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    // Node holds headers until the first write: the client should have them now.
    this.res.flushHeaders();
    for (const answer of this.answers.splice(0)) this.writeEvent(answer);
  }

  private writeEvent(message: JSONRPCMessage): void {
    this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  private finish(): void {
    this.done = true;
    clearTimeout(this.timer);
    if (this.pending.size === 0 && this.answers.length === 0 && !this.streaming) {
      this.res.writeHead(202).end();
    } else if (this.form === 'stream') {
      this.openStream();
      this.res.end();
    } else if (this.streaming) {
      this.res.end();
    } else {
      const text = JSON.stringify(this.batch ? this.answers : this.answers[0]);
      this.res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(text)),
      });
      this.res.end(text);
    }
    this.onfinish?.();
  }
}
