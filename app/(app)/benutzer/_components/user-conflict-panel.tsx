'use client';

import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/schemas/auth';
import type { Role } from '@/lib/schemas/roles';
import type { User } from '@/lib/schemas/user';

/** The fields of the user and profile forms a conflict compares, in form order. */
export const USER_CONFLICT_FIELDS = ['firstName', 'lastName', 'phone', 'locale', 'role', 'accountId'] as const;
export type UserConflictField = (typeof USER_CONFLICT_FIELDS)[number];

/** The form's values or a record's, in the shape both can be compared in. */
export interface ComparableUserValues {
  firstName: string;
  lastName: string;
  phone: string;
  locale: Locale;
  role: Role | '';
  accountId: string | null;
}

export function comparableFromUser(user: User): ComparableUserValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    locale: user.locale,
    role: user.role,
    accountId: user.accountId,
  };
}

/** Whether two values of a field mean the same; surrounding spaces and `''`/`null` do not count. */
export function isSameUserValue(left: unknown, right: unknown): boolean {
  const normalise = (value: unknown) => (typeof value === 'string' ? value.trim() : (value ?? ''));
  return normalise(left) === normalise(right);
}

export interface UserConflictPanelProps {
  /** What the user has in the form. */
  mine: ComparableUserValues;
  /** The record as it is now, from the API's 409 answer. */
  current: User;
  /** The record the user started from, to mark the fields only the other person changed. */
  base?: User;
  /** Which fields the form has (the profile form has no role or account). */
  fields?: readonly UserConflictField[];
  /** The name of an account id the form offers (the current record brings its own). */
  accountName?: (id: string) => string | undefined;
  /** Default "Jemand anderes hat diesen Benutzer inzwischen geändert." (the profile says it its own way). */
  title?: string;
  /** "Meine Eingaben trotzdem speichern": save again on top of `current.version`. */
  onOverwrite: () => void;
  /** "Aktuellen Stand übernehmen": put the current record into the form. */
  onTakeCurrent: () => void;
  isBusy?: boolean;
}

/**
 * Shown when a save met a newer version (409): says someone else changed the user, lists what
 * differs between the input and the current record, and lets the user decide. Nothing typed is
 * lost until they choose to take the current record.
 */
export function UserConflictPanel({
  mine,
  current,
  base,
  fields = USER_CONFLICT_FIELDS,
  accountName,
  title,
  onOverwrite,
  onTakeCurrent,
  isBusy = false,
}: UserConflictPanelProps) {
  const t = useTranslations('users');
  const tRoles = useTranslations('roles');
  const tCommon = useTranslations('common');
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const theirs = comparableFromUser(current);
  const before = base ? comparableFromUser(base) : undefined;
  const differences = fields.filter((field) => !isSameUserValue(mine[field], theirs[field]));

  useEffect(() => {
    ref.current?.focus();
  }, [current.version]);

  const show = (field: UserConflictField, values: ComparableUserValues): string => {
    const none = t('fields.none');
    switch (field) {
      case 'role':
        return values.role ? tRoles(values.role) : none;
      case 'locale':
        return tCommon(`languages.${values.locale}`);
      case 'accountId': {
        if (!values.accountId) return none;
        if (values.accountId === current.accountId && current.accountName) return current.accountName;
        return accountName?.(values.accountId) ?? values.accountId;
      }
      default:
        return values[field].trim() || none;
    }
  };

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="alert alert-warning"
      data-testid="conflict-panel"
    >
      <h2 id={titleId} className="h5 alert-heading">
        {title ?? t('form.conflictTitle')}
      </h2>
      <p>{t('form.conflictBody')}</p>
      {differences.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm table-bordered bg-body mb-3">
            <caption className="visually-hidden">{t('form.conflictTableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('form.conflictField')}</th>
                <th scope="col">{t('form.conflictMine')}</th>
                <th scope="col">{t('form.conflictTheirs')}</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((field) => (
                <tr key={field} data-field={field}>
                  <th scope="row">{t(`fields.${field === 'accountId' ? 'account' : field}`)}</th>
                  <td>
                    {show(field, mine)}
                    {before && isSameUserValue(mine[field], before[field]) ? (
                      <div className="small text-body-secondary">{t('form.conflictUntouched')}</div>
                    ) : null}
                  </td>
                  <td>{show(field, theirs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('form.conflictNoFieldDiff')}</p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-warning" onClick={onOverwrite} disabled={isBusy}>
          {t('form.conflictOverwrite')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onTakeCurrent} disabled={isBusy}>
          {t('form.conflictTakeTheirs')}
        </button>
      </div>
    </section>
  );
}
