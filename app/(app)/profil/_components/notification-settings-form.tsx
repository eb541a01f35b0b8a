'use client';

import { useState, useTransition } from 'react';
import { useTranslations } from 'next-intl';
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_KINDS,
  type NotificationDelivery,
  type NotificationSettings,
} from '@/lib/schemas/notification-constants';
import { updateNotificationSettingsAction } from '@/app/(app)/benachrichtigungen/_components/notification-actions';

/** Per kind: mail at once, in the daily digest, or in the app only (issue 25). */
export function NotificationSettingsForm({ initial }: { initial: NotificationSettings }) {
  const t = useTranslations('notifications');
  const [settings, setSettings] = useState(initial);
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  const [isPending, startTransition] = useTransition();
  return (
    <section className="card mb-4" aria-labelledby="notification-settings-title">
      <div className="card-body">
        <h2 className="h5" id="notification-settings-title">
          {t('settings.title')}
        </h2>
        <p className="text-body-secondary small">{t('settings.intro')}</p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            startTransition(async () => {
              const result = await updateNotificationSettingsAction(settings);
              if (result.ok) setSettings(result.data);
              setStatus(result.ok ? 'saved' : 'failed');
            });
          }}
        >
          {NOTIFICATION_KINDS.map((kind) => (
            <div className="row mb-2 align-items-center" key={kind}>
              <label className="col-sm-5 col-form-label" htmlFor={`notification-${kind}`}>
                {t(`kinds.${kind}`)}
              </label>
              <div className="col-sm-7">
                <select
                  id={`notification-${kind}`}
                  name={kind}
                  className="form-select"
                  value={settings[kind]}
                  onChange={(event) => {
                    setStatus('idle');
                    setSettings({ ...settings, [kind]: event.target.value as NotificationDelivery });
                  }}
                >
                  {NOTIFICATION_DELIVERIES.map((delivery) => (
                    <option key={delivery} value={delivery}>
                      {t(`settings.deliveries.${delivery}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ))}
          <button type="submit" className="btn btn-primary" disabled={isPending}>
            {t('settings.save')}
          </button>
          <span role="status" className="ms-3">
            {status === 'saved' ? t('settings.saved') : ''}
          </span>
        </form>
      </div>
    </section>
  );
}
