import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { loadTaskOptions } from '@/components/tasks/load-task-options';
import { TaskForm } from '@/components/tasks/task-form';
import { getMe } from '@/lib/api-client/server';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('tasks');
  return { title: t('new') };
}

/** A new task (SPEC §3 `/tasks/neu/`); `?accountId=` and `?assigneeId=` preselect (from an account's tab). */
export default async function NewTaskPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const [me, t, searchParams] = await Promise.all([getMe(), getTranslations('tasks'), props.searchParams]);
  const accountId = uuidSchema.safeParse(searchParams.accountId);
  const assigneeId = uuidSchema.safeParse(searchParams.assigneeId);
  const options = await loadTaskOptions(undefined, accountId.success ? accountId.data : null);
  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.tasks()}>{t('detail.backToList')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('new')}</h1>
      <ClientMessages namespaces={['tasks', 'form', 'validation']}>
        <TaskForm
          me={{ id: me.id, name: `${me.firstName} ${me.lastName}` }}
          assignees={options.assignees}
          accounts={options.accounts}
          defaults={{
            accountId: accountId.success ? accountId.data : null,
            assigneeId: assigneeId.success ? assigneeId.data : null,
          }}
        />
      </ClientMessages>
    </>
  );
}
