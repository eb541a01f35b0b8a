import type { ReactNode } from 'react';

/** A record's fields as label/value rows (Bootstrap's horizontal description list); holds `DetailRow`s. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="row mb-0">{children}</dl>;
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4 text-body-secondary fw-normal">{label}</dt>
      <dd className="col-sm-8">{children}</dd>
    </>
  );
}
