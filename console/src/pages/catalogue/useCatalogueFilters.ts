import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isTransport, type ListFilters, type Transport } from './api';

/**
 * The catalogue's filters live in the address (`?q=&category=&transport=&page=`), so a member can
 * open a server and come back to the same page of results. The search box is debounced: the API
 * is asked once the member pauses typing.
 */
export function useCatalogueFilters() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('q') ?? '');
  const [debounced] = useDebouncedValue(text, 300);
  // The address changed under the box (the navigation's Catalogue link, back and forward): follow it.
  const urlQ = params.get('q') ?? '';
  const [seenQ, setSeenQ] = useState(urlQ);
  if (urlQ !== seenQ) {
    setSeenQ(urlQ);
    if (urlQ !== debounced.trim()) setText(urlQ);
  }
  const transport = params.get('transport');
  const filters: ListFilters = {
    q: urlQ,
    categoryId: params.get('category'),
    transport: isTransport(transport) ? transport : null,
    page: Math.max(1, Number(params.get('page')) || 1),
  };

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const same = Object.entries(changes).every(
            ([k, v]) => (current.get(k) ?? '') === (v ?? ''),
          );
          if (same) return current;
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          // A new question starts on its first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The words go to the address once typing pauses (and only then: not on every other change).
  const applied = useRef(debounced);
  useEffect(() => {
    if (applied.current === debounced) return;
    applied.current = debounced;
    update({ q: debounced.trim() });
  }, [debounced, update]);

  return {
    filters,
    text,
    setText,
    setCategory: (id: string | null) => update({ category: id }),
    setTransport: (value: Transport | null) => update({ transport: value }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
