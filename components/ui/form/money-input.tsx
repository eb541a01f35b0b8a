'use client';

import { useState, type ComponentPropsWithRef, type FocusEvent } from 'react';
import { useLocale } from 'next-intl';
import { formatMoneyInput, parseMoney } from '@/lib/format/money';

export interface MoneyInputProps extends Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'
> {
  /** Integer cents; `null`/`undefined` shows an empty field. */
  value: number | null | undefined;
  /**
   * Integer cents as the user types: `null` for an empty field, `NaN` for text that is not an
   * amount (so the schema reports it instead of the form keeping the last valid amount).
   */
  onChange: (cents: number | null) => void;
  /**
   * `percent`: a percentage held as hundredths (1500 = 15 %), which has the same arithmetic as
   * cents, shown with a % sign (the bAV subsidy). Default `euro`.
   */
  unit?: 'euro' | 'percent';
}

/**
 * A euro amount typed as "12,50" (German) or "12.50" (English), held as integer cents. The text is
 * the user's while they type and is tidied to "12,50" when the field loses focus.
 */
export function MoneyInput({ value, onChange, onBlur, className, unit = 'euro', ...rest }: MoneyInputProps) {
  const locale = useLocale();
  const parseText = unit === 'percent' ? parsePercentText : parseEuroText;
  const [text, setText] = useState(() => formatMoneyInput(value, locale));
  const [shownValue, setShownValue] = useState(value);

  // A new value from outside (form reset, server data) replaces the text; our own echo does not.
  if (!Object.is(value, shownValue)) {
    setShownValue(value);
    if (!Object.is(value, parseText(text, locale))) setText(formatMoneyInput(value, locale));
  }

  return (
    <div className="input-group">
      <input
        {...rest}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={`${className ?? 'form-control'} text-end`}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          const cents = parseText(next, locale);
          setText(next);
          setShownValue(cents);
          onChange(cents);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          const cents = parseText(text, locale);
          if (cents !== null && !Number.isNaN(cents)) setText(formatMoneyInput(cents, locale));
          onBlur?.(event);
        }}
      />
      <span className="input-group-text" aria-hidden="true">
        {unit === 'percent' ? '%' : '€'}
      </span>
    </div>
  );
}

function parseEuroText(text: string, locale: string): number | null {
  if (text.trim() === '') return null;
  return parseMoney(text, locale) ?? Number.NaN;
}

function parsePercentText(text: string, locale: string): number | null {
  const trimmed = text.replace(/%\s*$/, '').trim();
  if (trimmed === '') return null;
  // parseMoney also accepts a euro sign; a percentage has none.
  if (/€|eur/i.test(trimmed)) return Number.NaN;
  return parseMoney(trimmed, locale) ?? Number.NaN;
}
