'use client';

import { hrefs } from '@/lib/hrefs';
import { useMemo } from 'react';
import Link from 'next/link';
import { FormProvider, useWatch } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { SaveProblemAlert } from '@/components/record/save-problem';
import { SubmitButton } from '@/components/record/submit-button';
import { useVersionedSave } from '@/components/record/use-versioned-save';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { RequiredHint } from '@/components/ui/form/required-hint';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { LOCALES, type Locale } from '@/lib/schemas/locales';
import { needsApproval, type Role } from '@/lib/schemas/role-rules';
import { hasPendingRoleGrant } from '@/lib/schemas/user-rules';
import type { User, UserUpdateInput } from '@/lib/schemas/user';
import type { AccountOption } from './account-option';
import { AccountPicker } from './account-picker';
import {
  USER_CONFLICT_FIELDS,
  UserConflictPanel,
  comparableFromUser,
  isSameUserValue,
  type ComparableUserValues,
} from './user-conflict-panel';
import { inviteUserAction, updateUserAction } from './user-actions';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

/** What the form holds while the user types; `email` only when inviting. */
export interface UserFormValues {
  email?: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** `''` until the user picks one. */
  role: Role | '';
  /** Only for managers; kept while another role is chosen, dropped on save. */
  accountId: string | null;
  locale: Locale;
}

/** The values after the shared schema: trimmed, the e-mail lower-cased, `accountId` `null` when none. */
type ParsedUserForm = {
  email?: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: Role;
  accountId: string | null;
  locale: Locale;
};

export type UserFormProps = {
  /** The roles the signed-in user may give (the current role of `initial` is added when editing). */
  roles: readonly Role[];
  /** Accounts in reach for a manager, by name. */
  accounts: readonly AccountOption[];
  /** More accounts exist than `accounts` holds. */
  hasMoreAccounts: boolean;
} & (
  | {
      /** Edit this user; changes are saved against `initial.version`. */
      initial: User;
      defaultAccountId?: never;
    }
  | {
      initial?: never;
      /** Preselects the account (coming from an account's Benutzer tab). */
      defaultAccountId?: string | null;
    }
);

const userHref = (id: string) => hrefs.user(id);

function formValuesFromUser(user: User): UserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    accountId: user.accountId,
    locale: user.locale,
  };
}

function comparableFromForm(values: ParsedUserForm): ComparableUserValues {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    phone: values.phone,
    locale: values.locale,
    role: values.role,
    accountId: values.accountId ?? null,
  };
}

/** The account only counts for managers (it is kept in the form while another role is chosen). */
function withoutStaleAccount(values: ParsedUserForm): ParsedUserForm {
  return { ...values, accountId: values.role === 'manager' ? (values.accountId ?? null) : null };
}

/** An edit sends only what differs from the record the user started from (PATCH semantics). */
function changedFields(values: ParsedUserForm, base: User): UserUpdateInput {
  const before = comparableFromUser(base);
  const mine = comparableFromForm(values);
  const changed = USER_CONFLICT_FIELDS.filter((field) => !isSameUserValue(mine[field], before[field]));
  return Object.fromEntries(changed.map((field) => [field, mine[field]])) as UserUpdateInput;
}

/**
 * Invite a user (`roles`, `accounts`) or edit one (`initial`). Validated with the API's own
 * schema; the API's field errors land on the fields; a stale edit shows the conflict panel and
 * keeps everything typed. Granting admin or back office becomes an approval request, and the form
 * says so before the user saves.
 */
export function UserForm(props: UserFormProps) {
  const t = useTranslations('users');
  const apiProblemText = useLazyApiProblemText();
  const tRoles = useTranslations('roles');
  const tCommon = useTranslations('common');
  const isEdit = props.initial !== undefined;

  const accountRequired = t('form.accountRequired');
  const loadSchema = () =>
    import('./user-form-schema').then(
      (module) => module.userFormSchema(isEdit, accountRequired) as z.ZodType<ParsedUserForm, UserFormValues>,
    );

  const roles = useMemo(() => {
    const offered = [...props.roles];
    if (props.initial && !offered.includes(props.initial.role)) offered.unshift(props.initial.role);
    return offered;
  }, [props.roles, props.initial]);

  const accounts = useMemo(() => {
    const list = [...props.accounts];
    const own = props.initial;
    if (own?.accountId && !list.some((option) => option.id === own.accountId)) {
      list.unshift({ id: own.accountId, name: own.accountName ?? own.accountId });
    }
    return list;
  }, [props.accounts, props.initial]);

  const form = useZodForm(loadSchema, {
    defaultValues: props.initial
      ? formValuesFromUser(props.initial)
      : {
          email: '',
          firstName: '',
          lastName: '',
          phone: '',
          // A distributor may only invite managers, and an invitation from an account's tab is for
          // one of its managers: nothing to choose then.
          role: roles.length === 1 ? (roles[0] ?? '') : props.defaultAccountId && roles.includes('manager') ? 'manager' : '',
          accountId: props.defaultAccountId ?? null,
          locale: 'de',
        },
  });
  const { errors, submitCount } = form.formState;
  const { base, conflict, problem, isBusy, onSubmit, overwrite, takeCurrent } = useVersionedSave({
    form,
    initial: props.initial ?? null,
    isFormPath: (path) => (path === 'email' ? !isEdit : (USER_CONFLICT_FIELDS as readonly string[]).includes(path)),
    parseRecord: async (value) => (await import('@/lib/schemas/user')).userSchema.safeParse(value).data,
    toFormValues: formValuesFromUser,
    changes: (values, before) => changedFields(withoutStaleAccount(values), before),
    recordHref: (user) => userHref(user.id),
    update: (id, version, changes) => updateUserAction(id, version, changes),
    onUpdated: (data) => ({
      toast: data.approval
        ? { variant: 'info', message: t('toasts.roleApproval') }
        : { variant: 'success', message: t('toasts.saved') },
      href: userHref(data.user.id),
    }),
    create: {
      send: (values, idempotencyKey) => {
        const parsed = withoutStaleAccount(values);
        return inviteUserAction({ ...parsed, email: parsed.email ?? '' }, idempotencyKey);
      },
      onCreated: (user, values) => ({
        toast:
          needsApproval(values.role) || hasPendingRoleGrant(user)
            ? { variant: 'info', message: t('toasts.inviteApproval', { email: user.email }) }
            : { variant: 'success', message: t('toasts.invited', { email: user.email }) },
        href: userHref(user.id),
      }),
    },
    failed: (message) => t('toasts.failed', { message }),
    // A role grant already pending answers 409 about `role`: shown on the field and above the form.
    explain: async (error, apply) => {
      if (!error.details?.length) return undefined;
      const applied = apply(error.details);
      return applied.includes('role') && error.statusCode === 409
        ? { tone: 'warning', message: await apiProblemText(error) }
        : true;
    },
  });
  const chosenRole = useWatch({ control: form.control, name: 'role' });
  const isManager = chosenRole === 'manager';
  const isRoleChange = !base || chosenRole !== base.role;
  const isRoleGrantPending = base ? hasPendingRoleGrant(base) : false;

  const labels: Record<string, string> = {
    email: t('fields.email'),
    firstName: t('fields.firstName'),
    lastName: t('fields.lastName'),
    phone: t('fields.phone'),
    role: t('fields.role'),
    accountId: t('fields.account'),
    locale: t('fields.locale'),
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} data-testid="user-form">
        <RequiredHint />
        <FormErrorSummary errors={errors} submitCount={submitCount} labels={labels} title={t('form.errorSummary')} />
        {conflict ? (
          <UserConflictPanel
            mine={comparableFromForm(withoutStaleAccount(conflict.mine))}
            current={conflict.current}
            base={base ?? undefined}
            accountName={(id) => accounts.find((option) => option.id === id)?.name}
            isBusy={isBusy}
            onOverwrite={overwrite}
            onTakeCurrent={takeCurrent}
          />
        ) : null}
        <SaveProblemAlert problem={problem} />

        <fieldset className="mb-4">
          <legend className="h5">{t('sections.profile')}</legend>
          <div className="row g-3">
            {isEdit ? (
              <div className="col-12">
                <span className="form-label d-block">{t('fields.email')}</span>
                <span className="form-control-plaintext py-0">{base?.email}</span>
              </div>
            ) : (
              <div className="col-md-8">
                <FormField
                  type="email"
                  label={t('fields.email')}
                  required
                  className="mb-0"
                  autoComplete="off"
                  maxLength={254}
                  help={t('help.email')}
                  error={errors.email}
                  {...form.register('email')}
                />
              </div>
            )}
            <div className="col-md-6">
              <FormField
                label={t('fields.firstName')}
                required
                className="mb-0"
                autoComplete="off"
                maxLength={100}
                error={errors.firstName}
                {...form.register('firstName')}
              />
            </div>
            <div className="col-md-6">
              <FormField
                label={t('fields.lastName')}
                required
                className="mb-0"
                autoComplete="off"
                maxLength={100}
                error={errors.lastName}
                {...form.register('lastName')}
              />
            </div>
            <div className="col-md-6">
              <FormField
                type="tel"
                label={t('fields.phone')}
                className="mb-0"
                maxLength={50}
                error={errors.phone}
                {...form.register('phone')}
              />
            </div>
            <div className="col-md-6">
              <FormField
                as="select"
                label={t('fields.locale')}
                required
                className="mb-0"
                help={t('help.locale')}
                options={LOCALES.map((code) => ({ value: code, label: tCommon(`languages.${code}`) }))}
                error={errors.locale}
                {...form.register('locale')}
              />
            </div>
          </div>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">{t('sections.access')}</legend>
          <div className="row g-3">
            <div className="col-md-6">
              <FormField
                as="select"
                label={t('fields.role')}
                required
                className="mb-0"
                placeholder={isEdit ? undefined : t('form.chooseRole')}
                options={roles.map((code) => ({ value: code, label: tRoles(code) }))}
                error={errors.role}
                {...form.register('role')}
              />
            </div>
            {isManager ? (
              <div className="col-md-6">
                <AccountPicker options={accounts} hasMore={props.hasMoreAccounts} error={errors.accountId} />
              </div>
            ) : null}
            {needsApproval(chosenRole) && isRoleChange ? (
              <div className="col-12">
                <div className="alert alert-info mb-0" role="note" data-testid="approval-notice">
                  {isEdit
                    ? t('form.roleApprovalEdit', { role: tRoles(chosenRole as Role) })
                    : t('form.roleApprovalInvite', { role: tRoles(chosenRole as Role) })}
                </div>
              </div>
            ) : null}
            {isRoleGrantPending ? (
              <div className="col-12">
                <div className="alert alert-warning mb-0" role="note">
                  {t('form.pendingRoleGrant')}
                </div>
              </div>
            ) : null}
          </div>
        </fieldset>

        <div className="d-flex flex-wrap gap-2">
          <SubmitButton isBusy={isBusy} busyLabel={t('form.saving')}>
            {isEdit ? t('form.save') : t('form.invite')}
          </SubmitButton>
          <Link href={base ? userHref(base.id) : '/benutzer/'} className="btn btn-outline-secondary">
            {t('form.cancel')}
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
