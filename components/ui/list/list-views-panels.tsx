'use client';

import { useId, useState, useTransition, type FormEvent } from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SelfLoadedMessages } from '@/components/layout/self-loaded-messages';
import panelDe from '@/lib/i18n/messages/list-views-panel.de.json';
import panelEn from '@/lib/i18n/messages/list-views-panel.en.json';
import { isSameViewQuery, NO_VIEW_PARAM, NO_VIEW_VALUE, viewHref, withoutHide } from '@/lib/list-params/view-state';
import { SAVED_VIEW_NAME_MAX, SAVED_VIEWS_PER_LIST, type ListKey } from '@/lib/schemas/saved-view-constants';
import { useIdempotencyKey } from '../form/use-idempotency-key';
import { createViewAction, deleteViewAction, setColumnsAction, updateViewAction } from './list-view-actions';

/**
 * What the lists' "Ansichten" and "Spalten" panels hold (issue 27; list-views-menu.tsx has their
 * buttons). It loads when a panel first opens, or when the pointer or the focus reaches its
 * button, not with the list (issue 30).
 */

/** A saved view as the menu needs it (a pair-free plain object: few per list). */
export interface MenuView {
  id: string;
  name: string;
  query: string;
  isDefault: boolean;
  version: number;
}

/** A column the person may hide; `isName`: the record's name column, always shown. */
export type MenuColumn = readonly [key: string, label: string, isName?: true];

export interface SavedViewsMenuProps {
  list: ListKey;
  path: string;
  views: readonly MenuView[];
  /** The view query of what the list shows now (filters, sort, columns). */
  currentQuery: string;
}

export interface ColumnsMenuProps {
  list: ListKey;
  columns: readonly MenuColumn[];
  hidden: readonly string[];
}

type ActionOutcome = { ok: true } | { ok: false; error: { details?: { code?: string }[] } };

/** The panels' texts (`listViews.panel`) come with their code, not in every list's messages. */
const PANEL_MESSAGES = { de: { listViews: { panel: panelDe } }, en: { listViews: { panel: panelEn } } };

/** Reloads the list as it is now (the server reads views and columns again). */
function useReload() {
  const router = useRouter();
  return () => router.refresh();
}

/**
 * The body of the "Ansichten" panel (SavedViewsMenu): mounted when the panel first opens and kept
 * afterwards, so its state (an error, a rename under way) survives closing it, as it did; renders
 * nothing while closed.
 */
export function SavedViewsPanel(props: SavedViewsMenuProps & { isOpen: boolean }) {
  return (
    <SelfLoadedMessages messages={PANEL_MESSAGES}>
      <SavedViewsPanelBody {...props} />
    </SelfLoadedMessages>
  );
}

function SavedViewsPanelBody({ isOpen, list, path, views, currentQuery }: SavedViewsMenuProps & { isOpen: boolean }) {
  const t = useTranslations('listViews.panel');
  const reload = useReload();
  const id = useId();
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const { idempotencyKey, renew } = useIdempotencyKey();
  const hasDefault = views.some((view) => view.isDefault);

  const run = (action: () => Promise<ActionOutcome>, after?: () => void) =>
    startTransition(async () => {
      setError(null);
      const result = await action();
      if (!result.ok) {
        const problem = result.error.details?.[0]?.code;
        if (problem === 'savedViewNameTaken') setError(t('nameTaken'));
        else if (problem === 'savedViewsTooMany') setError(t('tooMany', { max: SAVED_VIEWS_PER_LIST }));
        else setError(t('failed'));
        return;
      }
      after?.();
      reload();
    });

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '');
    const isDefault = form.get('isDefault') === 'on';
    const target = event.currentTarget;
    run(
      () => createViewAction({ list, name, query: currentQuery, isDefault }, idempotencyKey),
      () => {
        target.reset();
        renew();
      },
    );
  };

  const onRename = (event: FormEvent<HTMLFormElement>, view: MenuView) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    run(
      () => updateViewAction(view.id, view.version, { name }),
      () => setRenaming(null),
    );
  };

  if (!isOpen) return null;
  return (
    <div aria-busy={isPending}>
      <h2 className="h6 dropdown-header px-1">{t('viewsTitle')}</h2>
      {views.length === 0 ? <p className="small text-body-secondary px-1 mb-2">{t('none')}</p> : null}
      <ul className="list-unstyled mb-2">
        {views.map((view) => {
          const isCurrent = isSameViewQuery(view.query, currentQuery);
          return (
            <li key={view.id} className="py-1 border-bottom" data-testid="saved-view">
              {renaming === view.id ? (
                <form className="d-flex gap-1" onSubmit={(event) => onRename(event, view)}>
                  <input
                    name="name"
                    className="form-control form-control-sm"
                    defaultValue={view.name}
                    maxLength={SAVED_VIEW_NAME_MAX}
                    required
                    aria-label={t('renameLabel', { name: view.name })}
                    autoFocus
                  />
                  <button type="submit" className="btn btn-sm btn-primary" disabled={isPending}>
                    {t('save')}
                  </button>
                  <button type="button" className="btn btn-sm btn-link" onClick={() => setRenaming(null)}>
                    {t('cancel')}
                  </button>
                </form>
              ) : (
                <>
                  <Link
                    href={viewHref(path, view.query)}
                    className={`dropdown-item rounded px-1${isCurrent ? ' active' : ''}`}
                    aria-current={isCurrent ? 'true' : undefined}
                    prefetch={false}
                  >
                    {view.name}
                    {view.isDefault ? <span className="badge text-bg-secondary ms-2">{t('default')}</span> : null}
                  </Link>
                  <div
                    className="d-flex flex-wrap gap-1 small"
                    role="group"
                    aria-label={t('actionsFor', { name: view.name })}
                  >
                    <button type="button" className="btn btn-sm btn-link p-0 me-2" onClick={() => setRenaming(view.id)}>
                      {t('rename')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-link p-0 me-2"
                      disabled={isPending}
                      onClick={() => run(() => updateViewAction(view.id, view.version, { isDefault: !view.isDefault }))}
                    >
                      {view.isDefault ? t('unsetDefault') : t('setDefault')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-link link-danger p-0"
                      disabled={isPending}
                      onClick={() => run(() => deleteViewAction(view.id, view.version))}
                    >
                      {t('delete')}
                    </button>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {hasDefault ? (
        <Link
          href={`${path}?${NO_VIEW_PARAM}=${NO_VIEW_VALUE}`}
          className="dropdown-item rounded px-1 small mb-2"
          prefetch={false}
        >
          {t('withoutView')}
        </Link>
      ) : null}
      <form onSubmit={onSave} className="border-top pt-2">
        <h2 className="h6 px-1">{t('saveTitle')}</h2>
        <label htmlFor={`${id}-name`} className="form-label small">
          {t('name')}
        </label>
        <input
          id={`${id}-name`}
          name="name"
          className="form-control form-control-sm mb-2"
          maxLength={SAVED_VIEW_NAME_MAX}
          required
        />
        <div className="form-check mb-2">
          <input id={`${id}-default`} name="isDefault" type="checkbox" className="form-check-input" />
          <label htmlFor={`${id}-default`} className="form-check-label small">
            {t('makeDefault')}
          </label>
        </div>
        <button type="submit" className="btn btn-sm btn-primary" disabled={isPending}>
          {t('save')}
        </button>
      </form>
      {error ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The body of the "Spalten" panel (ColumnsMenu), mounted as SavedViewsPanel is. */
export function ColumnsPanel(props: ColumnsMenuProps & { isOpen: boolean }) {
  return (
    <SelfLoadedMessages messages={PANEL_MESSAGES}>
      <ColumnsPanelBody {...props} />
    </SelfLoadedMessages>
  );
}

function ColumnsPanelBody({ isOpen, list, columns, hidden }: ColumnsMenuProps & { isOpen: boolean }) {
  const t = useTranslations('listViews.panel');
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const id = useId();
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  // The boxes follow a click at once; the server's answer (a new `hidden`) then takes over.
  const [shown, setShown] = useState({ from: hidden, hidden });
  if (shown.from !== hidden) setShown({ from: hidden, hidden });
  const current = shown.hidden;

  const store = (next: string[]) => {
    // Outside the transition: React holds a transition's updates until its action ends.
    setError(null);
    setShown({ from: hidden, hidden: next });
    startTransition(async () => {
      const result = await setColumnsAction(list, next);
      if (!result.ok) {
        setShown({ from: hidden, hidden });
        setError(t('failed'));
        return;
      }
      if (searchParams.has('hide')) router.replace(withoutHide(pathname, searchParams.toString()), { scroll: false });
      else router.refresh();
    });
  };

  if (!isOpen) return null;
  return (
    <fieldset aria-busy={isPending} className="px-1">
      <legend className="h6 dropdown-header px-0">{t('columnsTitle')}</legend>
      {columns.map(([key, label, isName]) => (
        <div key={key} className="form-check">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            className="form-check-input"
            checked={isName === true || !current.includes(key)}
            disabled={isName === true || isPending}
            onChange={(event) =>
              store(event.target.checked ? current.filter((other) => other !== key) : [...current, key])
            }
          />
          <label htmlFor={`${id}-${key}`} className="form-check-label text-nowrap">
            {label}
            {isName ? <span className="text-body-secondary small"> ({t('alwaysShown')})</span> : null}
          </label>
        </div>
      ))}
      {current.length > 0 ? (
        <button type="button" className="btn btn-sm btn-link px-0" disabled={isPending} onClick={() => store([])}>
          {t('showAll')}
        </button>
      ) : null}
      {error ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
