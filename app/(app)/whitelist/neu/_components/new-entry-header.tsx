import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { TabsNav } from '@/components/ui/tabs-nav';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';

/** Both pages' title. */
export async function newEntryMetadata(): Promise<Metadata> {
  const t = await getTranslations('whitelist');
  return { title: t('newTitle') };
}

/** The account `?accountId=` preselects, when it is an id at all. */
export function requestedAccountId(searchParams: SearchParamsRecord): string | undefined {
  const requested = uuidSchema.safeParse(searchParams.accountId);
  return requested.success ? requested.data : undefined;
}

/** The head of both ways to add entries: back to the list, the title, and the tabs "one entry" / "CSV import". */
export async function NewEntryHeader({ accountId, isImport }: { accountId?: string; isImport: boolean }) {
  const t = await getTranslations('whitelist');
  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.whitelist()}>{t('backToList')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('newTitle')}</h1>
      <TabsNav
        label={t('newTitle')}
        className="mb-3"
        items={[
          { href: hrefs.whitelistNew({ accountId }), label: t('modes.single'), active: !isImport },
          { href: hrefs.whitelistNew({ accountId, mode: 'import' }), label: t('modes.import'), active: isImport },
        ]}
      />
    </>
  );
}
