/** A fieldset of checkboxes sharing one form name (API key scopes, webhook events): FormData.getAll(name). */
export function CheckboxGroup({
  idPrefix,
  legend,
  name,
  values,
  monospace = true,
}: {
  /** Unique per form (useId()); each box's id is `${idPrefix}-${value}`. */
  idPrefix: string;
  legend: string;
  name: string;
  values: readonly string[];
  monospace?: boolean;
}) {
  return (
    <fieldset className="col-12">
      <legend className="form-label fs-6">{legend}</legend>
      <div className="d-flex flex-wrap gap-3">
        {values.map((value) => (
          <div className="form-check" key={value}>
            <input className="form-check-input" type="checkbox" name={name} value={value} id={`${idPrefix}-${value}`} />
            <label
              className={monospace ? 'form-check-label font-monospace' : 'form-check-label'}
              htmlFor={`${idPrefix}-${value}`}
            >
              {value}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
