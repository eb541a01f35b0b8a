import Link from 'next/link';
import { useLocale } from 'next-intl';
import { formatNumber } from '@/lib/format';

export interface TabsNavItem {
  href: string;
  /** Already translated. */
  label: string;
  active?: boolean;
  /** A count badge after the label, e.g. the number of sub-accounts. */
  count?: number;
}

export interface TabsNavProps {
  items: readonly TabsNavItem[];
  /** The navigation's accessible name (already translated). */
  label: string;
  className?: string;
}

/** Tabs that are links (server component): each tab is its own URL, so tabs can be bookmarked and Back works. */
export function TabsNav({ items, label, className }: TabsNavProps) {
  const locale = useLocale();
  return (
    <nav aria-label={label} className={className}>
      <ul className="nav nav-tabs">
        {items.map((item) => (
          <li key={item.href} className="nav-item">
            <Link
              prefetch={false}
              href={item.href}
              className={`nav-link${item.active ? ' active' : ''}`}
              aria-current={item.active ? 'page' : undefined}
            >
              {item.label}
              {item.count !== undefined ? (
                <span className="badge rounded-pill text-bg-secondary ms-2">{formatNumber(item.count, locale)}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
