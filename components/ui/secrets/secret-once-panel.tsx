/**
 * A secret the server shows exactly once (a new API key, a webhook's signing secret): read-only, selected
 * on focus, and gone when the person confirms they have stored it.
 */
export function SecretOncePanel({
  id,
  testId,
  title,
  once,
  label,
  done,
  secret,
  onDone,
}: {
  id: string;
  testId: string;
  title: string;
  once: string;
  label: string;
  done: string;
  secret: string;
  onDone: () => void;
}) {
  return (
    <div className="alert alert-success" role="status" data-testid={testId}>
      <h2 className="h5">{title}</h2>
      <p className="mb-2">{once}</p>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className="form-control font-monospace mb-2"
        readOnly
        value={secret}
        onFocus={(event) => event.currentTarget.select()}
        data-testid={`${testId}-value`}
      />
      <button type="button" className="btn btn-success btn-sm" onClick={onDone}>
        {done}
      </button>
    </div>
  );
}
