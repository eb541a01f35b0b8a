'use client';

import type { ComponentProps, MouseEvent } from 'react';
import Link from 'next/link';
import { useListNavigation } from './use-list-navigation';

/**
 * A link of a list control (sort header, page link, tab): a real `<a href>` for new tabs and
 * middle clicks, navigating through `useListNavigation` on a plain click.
 */
export function ListLink({ href, onClick, ...props }: Omit<ComponentProps<typeof Link>, 'href'> & { href: string }) {
  const navigate = useListNavigation();
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
          return;
        }
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
