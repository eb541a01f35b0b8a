import type { ReactNode } from 'react';
import { getMe } from '@/lib/api-client/server';
import { AppNavbar } from '@/components/layout/app-navbar';
import { ClientMessages } from '@/components/layout/client-messages';
import { MAIN_ID } from '@/components/layout/main-id';
import { hasScope } from '@/lib/auth/has-scope';
import { matchRoute } from '@/lib/auth/route-table';
import { hrefs } from '@/lib/hrefs';
import { navItemsFor } from '@/lib/navigation';

export const dynamic = 'force-dynamic';

/** The signed-in shell. Asking the API for the user also proves the session is still live. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await getMe();
  // A user who must first set up a second factor sees no sections: the API refuses them anyway.
  const holds = (scope: Parameters<typeof hasScope>[1]) => !user.mfaEnrolmentRequired && hasScope(user.scope, scope);
  return (
    <>
      <ClientMessages namespaces={['nav', 'approvals.badge', 'tasks.badge']}>
        <AppNavbar
          user={{ firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role }}
          sections={navItemsFor(holds)}
          profileHref={matchRoute(hrefs.profile()) ? hrefs.profile() : null}
          isDecider={holds('approvals.decide')}
          theme={user.theme}
        />
      </ClientMessages>
      <main id={MAIN_ID} tabIndex={-1} className="container-fluid app-main py-4 flex-grow-1">
        {children}
      </main>
    </>
  );
}
