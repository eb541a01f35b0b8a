'use client';

import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from './use-form';
import { FormField } from './form-field';
import { MoneyInput } from './money-input';

export interface MoneyFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** Path of an integer-cents field, e.g. `benefits.0.amountCents`. */
  name: FieldPath<T>;
  label: ReactNode;
  help?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  id?: string;
}

/** FormField + Controller + MoneyInput: a euro amount bound to an integer-cents form field. */
export function MoneyField<T extends FieldValues>({ control, name, ...field }: MoneyFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur, ref, disabled }, fieldState }) => (
        <FormField
          {...field}
          name={name}
          error={fieldState.error}
          render={(controlProps) => (
            <MoneyInput
              {...controlProps}
              name={name}
              ref={ref}
              value={value}
              onChange={onChange}
              onBlur={onBlur}
              disabled={field.disabled ?? disabled}
            />
          )}
        />
      )}
    />
  );
}
