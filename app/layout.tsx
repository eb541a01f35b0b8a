import './bootstrap.scss';
import './globals.css';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { findMe } from '@/lib/api-client/server';
import { nonceFromPolicy } from '@/lib/auth/security-headers';
import { DEFAULT_THEME } from '@/lib/schemas/themes';
import { AppProviders } from '@/components/layout/app-providers';
import { ClientMessages } from '@/components/layout/client-messages';
import { ChunkReloadGuard } from '@/components/layout/chunk-reload-guard';
import { Footer } from '@/components/layout/footer';
import { HydrationMark } from '@/components/layout/hydration-mark';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { SkipLink } from '@/components/layout/skip-link';
import { htmlThemeAttributes, THEME_SCRIPT } from '@/components/layout/theme';
import { TopLoader } from '@/components/layout/top-loader';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return {
    title: { default: t('appName'), template: t('titleTemplate', { page: '%s' }) },
    robots: { index: false, follow: false },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Signed in, the theme is the user's choice (the same `auth/me` call the app shell makes); the
  // sign-in and other guest pages follow the system.
  const [locale, me, requestHeaders] = await Promise.all([getLocale(), findMe(), headers()]);
  const nonce = nonceFromPolicy(requestHeaders.get('content-security-policy'));
  return (
    // THEME_SCRIPT may change data-bs-theme before hydration ("System" on a dark system).
    <html lang={locale} {...htmlThemeAttributes(me?.theme ?? DEFAULT_THEME)} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="d-flex flex-column min-vh-100">
        {/* The first Tab stop of every page, error pages included: they all render a <main id="main">. */}
        <SkipLink />
        <TopLoader />
        {/* Pages add the namespaces of their own client components where they render them. */}
        <ClientMessages root namespaces={[]}>
          <AppProviders>
            <ChunkReloadGuard />
            <OfflineBanner />
            {children}
            <Footer />
            <HydrationMark />
          </AppProviders>
        </ClientMessages>
      </body>
    </html>
  );
}
