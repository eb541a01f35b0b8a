import type { ReactNode } from 'react';
import { getMe } from '@/lib/api-client/server';
import { AppNavbar } from '@/components/layout/app-navbar';
import { ClientMessages } from '@/components/layout/client-messages';

export const dynamic = 'force-dynamic';

/** The signed-in shell. Asking the API for the user also proves the session is still live. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await getMe();
  return (
    <>
      <ClientMessages namespaces={['nav', 'roles', 'approvals.badge', 'tasks.badge']}>
        <AppNavbar user={user} />
      </ClientMessages>
      <main id="main" className="container py-4 flex-grow-1">
        {children}
      </main>
    </>
  );
}
