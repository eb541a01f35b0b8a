import { hrefs } from '@/lib/hrefs';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/ui/status-badge';
import type { AccountListItem } from '@/lib/schemas/account';

interface TreeNode {
  account: AccountListItem;
  children: TreeNode[];
}

/** Builds the tree below `rootId` from a flat list of descendants that carry their parentId. */
export function buildAccountTree(rootId: string, items: readonly AccountListItem[]): TreeNode[] {
  const byParent = new Map<string, AccountListItem[]>();
  for (const item of items) {
    const key = item.parentId ?? '';
    const siblings = byParent.get(key) ?? [];
    siblings.push(item);
    byParent.set(key, siblings);
  }
  const grow = (parentId: string): TreeNode[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name, 'de'))
      .map((account) => ({ account, children: grow(account.id) }));
  return grow(rootId);
}

function Branch({ nodes }: { nodes: TreeNode[] }) {
  return (
    <ul className="account-tree list-unstyled ps-3 border-start">
      {nodes.map(({ account, children }) => (
        <li key={account.id} className="py-1">
          <Link href={hrefs.account(account.id)} prefetch={false}>
            {account.name}
          </Link>{' '}
          <span className="text-body-secondary small">{account.customerNumber}</span>{' '}
          <StatusBadge kind="account" status={account.status} />
          {children.length > 0 && <Branch nodes={children} />}
        </li>
      ))}
    </ul>
  );
}

/** The sub-accounts of an account as a nested list (server component). */
export function AccountTree({
  rootId,
  items,
  total,
}: {
  rootId: string;
  items: readonly AccountListItem[];
  total: number;
}) {
  const t = useTranslations('accounts');
  const tree = buildAccountTree(rootId, items);
  if (tree.length === 0) return <p className="text-body-secondary">{t('tree.empty')}</p>;
  return (
    <>
      {total > items.length && (
        <p className="text-body-secondary small">{t('tree.truncated', { count: items.length })}</p>
      )}
      <nav aria-label={t('tree.title')}>
        <Branch nodes={tree} />
      </nav>
    </>
  );
}
