'use client';

import type { ComponentPropsWithRef, ReactNode } from 'react';
import type { FieldError } from './form-store';
import { errorIdOf, fieldId, helpIdOf } from './field-id';
import { useProblemText } from './problem-text';

export type FieldErrorLike = FieldError | { message?: string } | string | null | undefined;

/** What a custom control (`render`) must spread onto its focusable element. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
  /** `is-invalid` while there is an error, for Bootstrap's red border. */
  className: string;
}

export interface FormFieldOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface FieldBase {
  /** The form's path (`register` passes it); the id defaults to `fieldId(name)`. */
  name: string;
  label: ReactNode;
  id?: string;
  /** `formState.errors.<field>` or a message. */
  error?: FieldErrorLike;
  help?: ReactNode;
  /** Shows the * marker and sets `aria-required`; the schema does the checking (no native `required`). */
  required?: boolean;
  /** The wrapper's class; default `mb-3`. */
  className?: string;
  /** Extra classes on the control. */
  controlClassName?: string;
  isLabelHidden?: boolean;
}

type NativeProps<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentPropsWithRef<E>,
  keyof FieldBase | 'children' | 'required'
>;

export type InputFieldProps = FieldBase & { as?: 'input'; render?: never } & NativeProps<'input'>;
export type CheckboxFieldProps = FieldBase & { as: 'checkbox'; render?: never } & Omit<NativeProps<'input'>, 'type'>;
export type TextareaFieldProps = FieldBase & { as: 'textarea'; render?: never } & NativeProps<'textarea'>;
export type SelectFieldProps = FieldBase & {
  as: 'select';
  render?: never;
  options: readonly FormFieldOption[];
  /** A first, empty option, e.g. "Bitte wählen". */
  placeholder?: string;
} & NativeProps<'select'>;
export type CustomFieldProps = FieldBase & { as?: never; render: (control: FieldControlProps) => ReactNode };

export type FormFieldProps =
  InputFieldProps | CheckboxFieldProps | TextareaFieldProps | SelectFieldProps | CustomFieldProps;

/** The props left for the native element once FormField's own are taken out. */
function nativePropsOf<P extends FieldBase>(props: P) {
  const {
    name: _name,
    label: _label,
    id: _id,
    error: _error,
    help: _help,
    required: _required,
    className: _className,
    controlClassName: _controlClassName,
    isLabelHidden: _isLabelHidden,
    ...native
  } = props;
  return native;
}

export function errorMessageOf(error: FieldErrorLike): string | undefined {
  const message = typeof error === 'string' ? error : error?.message;
  return message || undefined;
}

/**
 * Label, control, help text and field error, wired for screen readers (`aria-invalid`,
 * `aria-describedby` → error and help). Spread `register('name')` into it — React 19 passes the
 * ref on — or give `render` for a `Controller`-driven control such as MoneyInput.
 */
export function FormField(props: FormFieldProps) {
  const { name, label, id: givenId, error, help, required, className, controlClassName, isLabelHidden } = props;
  const id = givenId ?? fieldId(name);
  const problemText = useProblemText();
  const raw = errorMessageOf(error);
  // A schema's own German message (or a server detail) in the UI's language.
  const message = raw ? problemText(raw) : undefined;
  const errorId = errorIdOf(id);
  const helpId = helpIdOf(id);
  const describedBy = [message ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
  const control = {
    id,
    'aria-invalid': message ? (true as const) : undefined,
    'aria-describedby': describedBy,
    'aria-required': required ? (true as const) : undefined,
  };
  const isCheckbox = props.as === 'checkbox';
  const baseClass = isCheckbox ? 'form-check-input' : props.as === 'select' ? 'form-select' : 'form-control';
  const controlClass = [baseClass, message ? 'is-invalid' : '', controlClassName ?? ''].filter(Boolean).join(' ');

  const labelElement = (
    <label
      htmlFor={id}
      className={[isCheckbox ? 'form-check-label' : 'form-label', isLabelHidden ? 'visually-hidden' : '']
        .filter(Boolean)
        .join(' ')}
    >
      {label}
      {required ? (
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
  const helpElement = help ? (
    <div id={helpId} className="form-text">
      {help}
    </div>
  ) : null;
  // `d-block`: Bootstrap shows .invalid-feedback only as a sibling of .is-invalid, which custom controls may not be.
  const errorElement = message ? (
    <div id={errorId} className="invalid-feedback d-block">
      {message}
    </div>
  ) : null;

  let field: ReactNode;
  if (props.render) {
    field = props.render({ ...control, className: controlClass });
  } else if (props.as === 'textarea') {
    const { as: _as, render: _render, ...native } = nativePropsOf(props);
    field = <textarea {...native} name={name} {...control} className={controlClass} />;
  } else if (props.as === 'select') {
    const { as: _as, render: _render, options, placeholder, ...native } = nativePropsOf(props);
    field = (
      <select {...native} name={name} {...control} className={controlClass}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (props.as === 'checkbox') {
    const { as: _as, render: _render, ...native } = nativePropsOf(props);
    field = <input {...native} type="checkbox" name={name} {...control} className={controlClass} />;
  } else {
    const { as: _as, render: _render, ...native } = nativePropsOf(props);
    field = <input {...native} name={name} {...control} className={controlClass} />;
  }

  if (isCheckbox) {
    return (
      <div className={className ?? 'mb-3'}>
        <div className="form-check">
          {field}
          {labelElement}
          {errorElement}
          {helpElement}
        </div>
      </div>
    );
  }
  return (
    <div className={className ?? 'mb-3'}>
      {labelElement}
      {field}
      {errorElement}
      {helpElement}
    </div>
  );
}
