'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { SearchHit, SearchKind, SearchResult } from '@/lib/schemas/search';
import { SEARCH_KINDS } from '@/lib/schemas/search';
import { SEARCH_MIN_LENGTH } from '@/lib/search/fold';
import { toQueryString } from '@/lib/query-string';

/** Typing waits this long before it asks the API. */
export const SEARCH_DEBOUNCE_MS = 200;

type Status = 'idle' | 'short' | 'loading' | 'done' | 'error';
type Answer = { q: string; groups: { kind: SearchKind; hits: SearchHit[] }[]; count: number };

async function askSearch(q: string, signal: AbortSignal): Promise<Answer> {
  const response = await fetch(`/api/ui/search/${toQueryString({ q })}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  const body = (await response.json()) as SearchResult;
  const groups = SEARCH_KINDS.map((kind) => ({ kind, hits: body[kind] ?? [] })).filter((group) => group.hits.length);
  return { q, groups, count: groups.reduce((sum, group) => sum + group.hits.length, 0) };
}

/**
 * The global search (issue 27) in a modal dialog: an ARIA 1.2 combobox (the input) with a listbox
 * of results grouped by kind. The arrow keys move the active option (aria-activedescendant, the
 * focus stays in the input), Enter opens it (or the first), Escape closes the dialog; a live region
 * says how many were found. Typing is debounced; only the newest search's answer is shown (each
 * new one aborts the last, and an answer that arrives late is dropped).
 */
export function GlobalSearchDialog({ onClose: close }: { onClose: (navigated: boolean) => void }) {
  const t = useTranslations('nav.search');
  const router = useRouter();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(-1);
  // The modal dialog closes before the caller moves the focus: outside an open modal nothing can take it.
  const onClose = (navigated: boolean) => {
    dialogRef.current?.close();
    close(navigated);
  };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    inputRef.current?.focus();
    return () => dialog?.close();
  }, []);

  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; controller: AbortController } | null>(null);
  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current?.controller.abort();
    },
    [],
  );

  /** Each change cancels the search waiting or under way and, past the minimum, schedules a new one. */
  const change = (value: string) => {
    setQ(value);
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current?.controller.abort();
    pending.current = null;
    const request = ++latest.current;
    const term = value.trim();
    if (term.length < SEARCH_MIN_LENGTH) {
      setAnswer(null);
      setActive(-1);
      setStatus(term ? 'short' : 'idle');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('loading');
      askSearch(term, controller.signal).then(
        (next) => {
          if (request !== latest.current) return;
          setAnswer(next);
          setActive(-1);
          setStatus('done');
        },
        () => {
          if (request !== latest.current || controller.signal.aborted) return;
          setAnswer(null);
          setStatus('error');
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    pending.current = { timer, controller };
  };

  const hits = answer?.groups.flatMap((group) => group.hits) ?? [];
  const optionId = (index: number) => `${id}-option-${index}`;
  const listId = `${id}-list`;

  const open = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onClose(true);
    router.push(hit.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!hits.length) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) =>
          current < 0 && step < 0 ? hits.length - 1 : (current + step + hits.length) % hits.length,
        );
        return;
      }
      case 'Home':
      case 'End':
        if (!hits.length || active < 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : hits.length - 1);
        return;
      case 'Enter':
        event.preventDefault();
        open(hits[active >= 0 ? active : 0]);
        return;
      case 'Escape':
        event.preventDefault();
        onClose(false);
        return;
    }
  };

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId depends only on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const message =
    status === 'short'
      ? t('tooShort')
      : status === 'loading'
        ? t('searching')
        : status === 'error'
          ? t('failed')
          : status === 'done' && answer
            ? answer.count
              ? t('count', { count: answer.count, q: answer.q })
              : t('none', { q: answer.q })
            : '';

  let index = -1;
  return (
    <dialog
      ref={dialogRef}
      className="global-search-dialog p-0 border-0 rounded shadow"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialogRef.current) onClose(false);
      }}
    >
      <div className="p-3">
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h2 id={`${id}-title`} className="h6 m-0">
            {t('dialog')}
          </h2>
          <button type="button" className="btn-close" aria-label={t('close')} onClick={() => onClose(false)} />
        </div>
        <label htmlFor={`${id}-input`} className="visually-hidden">
          {t('label')}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          className="form-control"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          placeholder={t('placeholder')}
          value={q}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-hint`} className="form-text mb-2">
          {t('hint')}
        </p>
        <p role="status" className="small text-body-secondary mb-2" data-testid="global-search-status">
          {message}
        </p>
        <div id={listId} role="listbox" aria-label={t('label')} className="global-search-results">
          {answer?.groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
              <div id={`${id}-${group.kind}`} role="presentation" className="dropdown-header px-2 pt-2">
                {t(`kinds.${group.kind}`)}
              </div>
              {group.hits.map((hit) => {
                index += 1;
                const mine = index;
                return (
                  <div
                    key={hit.id}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    className={`global-search-option px-2 py-1 rounded${mine === active ? ' bg-primary-subtle' : ''}`}
                    onMouseMove={() => setActive(mine)}
                    onClick={() => open(hit)}
                  >
                    <span className="d-block">{hit.label}</span>
                    {hit.detail && <span className="d-block small text-body-secondary">{hit.detail}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </dialog>
  );
}
