'use client';

import { lazy, Suspense } from 'react';
import { useTranslations } from 'next-intl';
import { useOpenInPlace } from '@/components/ui/use-open-in-place';
import { OpenInPlaceButton } from '@/components/ui/open-in-place-button';
import type { NewVersionFormProps } from './new-version-form';

// The upload form (drop zone, upload with progress, the answer's check: ~3 KiB gzip) is a chunk of
// its own: most visits read the document, so it loads when "Neue Version hinzufügen" is first
// pointed at, focused or pressed (issue 30), as the edit forms do.
const loadForm = () => import('./new-version-form');
const NewVersionForm = lazy(() => loadForm().then((module) => ({ default: module.NewVersionForm })));

/**
 * "Neue Version hochladen" on the document's page: a button that opens the upload form in place,
 * its file button focused; "Abbrechen" closes it and gives the focus back. An upload reloads the
 * page, whose new version mounts the section closed again.
 */
export function NewVersionSection(props: Omit<NewVersionFormProps, 'onCancel'>) {
  const t = useTranslations('documents');
  const [section, openButtonRef, focusFileButton] = useOpenInPlace(loadForm, 'button:not(:disabled)');

  const openButton = (isOpening: boolean) => (
    <OpenInPlaceButton
      part={section}
      ref={openButtonRef}
      isOpening={isOpening}
      className="btn btn-outline-primary"
      testId="open-new-version"
    >
      {t('newVersion.open')}
    </OpenInPlaceButton>
  );

  if (!section.isOpen) return openButton(false);
  return (
    <Suspense fallback={openButton(true)}>
      <div ref={focusFileButton}>
        <NewVersionForm {...props} onCancel={section.close} />
      </div>
    </Suspense>
  );
}
