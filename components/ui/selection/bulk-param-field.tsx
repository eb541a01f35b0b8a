'use client';

import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { BulkActionParam } from './bulk-action';

export function initialParamValue(param: BulkActionParam): string {
  return param.kind === 'select' ? (param.options[0]?.[0] ?? '') : '';
}

/** The value the request sends: an empty date is null ("no end"). */
export function paramValueOf(param: BulkActionParam, value: string): string | null {
  return param.kind === 'date' && value === '' ? null : value;
}

/** The one parameter of a bulk action in its dialog: a choice, a date, a comment or a loaded choice. */
export function BulkParamField({
  param,
  value,
  onChange,
}: {
  param: BulkActionParam;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslations('bulk');
  const id = useId();
  const [remote, setRemote] = useState<readonly (readonly [string, string])[] | null>(null);
  const optionsPath = param.kind === 'remoteSelect' ? param.optionsPath : null;
  useEffect(() => {
    if (!optionsPath) return;
    let isCurrent = true;
    fetch(`/api/ui${optionsPath}`, { headers: { accept: 'application/json' } })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ items: { id: string; name: string }[] }>) : null,
      )
      .then((answer) => {
        if (!isCurrent || !answer) return;
        setRemote(answer.items.map((item) => [item.id, item.name] as const));
        if (answer.items[0]) onChange(answer.items[0].id);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [optionsPath, onChange]);

  const label = (
    <label htmlFor={id} className="form-label">
      {param.label}
    </label>
  );
  if (param.kind === 'date') {
    return (
      <div>
        {label}
        <input id={id} type="date" className="form-control" value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    );
  }
  if (param.kind === 'text') {
    return (
      <div>
        {label}
        <textarea
          id={id}
          className="form-control"
          rows={3}
          maxLength={param.maxLength}
          required={param.isRequired}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    );
  }
  const options = param.kind === 'select' ? param.options : (remote ?? []);
  return (
    <div>
      {label}
      <select id={id} className="form-select" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.length === 0 ? <option value="">{t('dialog.noValue')}</option> : null}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
