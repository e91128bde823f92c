import { useEffect, useRef, useState } from 'react';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

interface Options {
  /** The name of the stream's item events (e.g. `audit_entry`); its snapshot is `snapshot`. */
  event: string;
  /** The key of the snapshot's list (e.g. `entries`). */
  itemsKey: string;
  /** How many items to keep, newest first. */
  keep?: number;
  paused?: boolean;
}

const RETRY_MS = 3000;

/**
 * Follows one of the API's event streams: a snapshot, then each new item. The browser's
 * EventSource reconnects after a network drop by itself, sending Last-Event-ID so that the
 * stream resumes with the items missed meanwhile; when the service refused the stream (say it
 * was restarting) a new one is opened after a pause and merged by id, so nothing is shown twice.
 * While paused, items are still received and appear on resume.
 */
export function useStream<T extends { id: string }>(url: string | null, options: Options) {
  const { event, itemsKey, keep = 500, paused = false } = options;
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const buffer = useRef<T[]>([]);
  const [buffered, setBuffered] = useState(0);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    if (!paused && buffer.current.length > 0) {
      const pending = buffer.current;
      buffer.current = [];
      setBuffered(0);
      setItems((shown) => merge(pending, shown, keep));
    }
  }, [paused, keep]);

  useEffect(() => {
    if (!url) return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const add = (fresh: T[]) => {
      if (pausedRef.current) {
        buffer.current = merge(fresh, buffer.current, keep);
        setBuffered(buffer.current.length);
      } else setItems((shown) => merge(fresh, shown, keep));
    };
    const open = () => {
      setStatus((s) => (s === 'live' ? 'reconnecting' : s));
      source = new EventSource(url, { withCredentials: true });
      source.onopen = () => setStatus('live');
      source.addEventListener('snapshot', (m) => {
        const body = JSON.parse((m as MessageEvent<string>).data) as Record<string, T[]>;
        add(body[itemsKey] ?? []);
      });
      source.addEventListener(event, (m) =>
        add([JSON.parse((m as MessageEvent<string>).data) as T]),
      );
      source.addEventListener('end', (m) => {
        const why = JSON.parse((m as MessageEvent<string>).data) as { reason?: string };
        // Past its lifetime the stream is resumed by the browser; other ends are final.
        if (why.reason !== 'max_lifetime') {
          stopped = true;
          source?.close();
          setStatus('ended');
        }
      });
      source.onerror = () => {
        if (stopped || !source) return;
        if (source.readyState === EventSource.CLOSED) {
          setStatus('reconnecting');
          retry = setTimeout(open, RETRY_MS);
        } else setStatus('reconnecting');
      };
    };
    setItems([]);
    setStatus('connecting');
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [url, event, itemsKey, keep]);

  /** `buffered`: items received while paused, shown on resume. */
  return { items, status, buffered };
}

/** Newest first, each id once: `fresh` items (newest first) go before those already shown. */
function merge<T extends { id: string }>(fresh: T[], shown: T[], keep: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of [...fresh, ...shown]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
    if (out.length >= keep) break;
  }
  return out;
}
