'use client';

import { useTranslations } from 'next-intl';
import { ConflictPanel, isSameValue } from '@/components/record/conflict-panel';
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

export const isSameUserValue = isSameValue;

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

/** The record kit's conflict panel with the user's fields: roles, languages and accounts by name. */
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
    <ConflictPanel
      fields={fields}
      mine={mine}
      theirs={comparableFromUser(current)}
      base={base && comparableFromUser(base)}
      focusKey={current.version}
      title={title ?? t('form.conflictTitle')}
      labelOf={(field) => t(`fields.${field === 'accountId' ? 'account' : field}`)}
      show={show}
      onOverwrite={onOverwrite}
      onTakeCurrent={onTakeCurrent}
      isBusy={isBusy}
    />
  );
}
