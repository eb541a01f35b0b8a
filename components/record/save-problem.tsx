import type { SaveProblem } from './use-versioned-save';

/** A refusal of a save that is not about one field, above the form. */
export function SaveProblemAlert({ problem }: { problem: SaveProblem | null }) {
  if (!problem) return null;
  return (
    <div className={`alert alert-${problem.tone}`} role="alert">
      {problem.message}
    </div>
  );
}
