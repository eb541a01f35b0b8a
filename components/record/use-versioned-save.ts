'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import type { FieldValues } from '@/components/ui/form/form-paths';
import type { UseFormReturn } from '@/components/ui/form/use-form';
import { applyServerErrors, type ServerErrorDetail } from '@/components/ui/form/apply-server-errors';
import { useIdempotencyKey } from '@/components/ui/form/use-idempotency-key';
import { useToast, type ToastInput } from '@/components/ui/toast-provider';
import type { ActionError, ActionResult } from '@/lib/api-client/action';
import { useProblemText } from '@/components/ui/form/problem-text';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';
import { preloadConflictPanel } from './conflict-panel';

interface VersionedRecord {
  id: string;
  version: number;
}

/** A refusal the form shows above its fields. */
export interface SaveProblem {
  tone: 'warning' | 'danger';
  message: string;
}

/** What follows a successful save: a toast, then a page to go to (or stay, with the saved record). */
export interface SavedOutcome<TRecord> {
  toast: ToastInput;
  /** Navigate here and refresh; without it the form stays and shows `record`. */
  href?: string;
  record?: TRecord;
}

export interface VersionedSaveOptions<
  TRecord extends VersionedRecord,
  TValues extends FieldValues,
  TParsed,
  TUpdated,
  TCreated = never,
> {
  form: UseFormReturn<TValues, TParsed>;
  /** The record being edited; `null` when the form creates one. */
  initial: TRecord | null;
  /** The form's paths the API's field errors (422) may land on. */
  isFormPath: (path: string) => boolean;
  /**
   * The current record from a 409 answer, or `undefined` when it is not one (schema `safeParse`;
   * may load the schema with `import()`, so that zod stays out of the page's first load).
   */
  parseRecord: (value: unknown) => TRecord | undefined | Promise<TRecord | undefined>;
  toFormValues: (record: TRecord) => TValues;
  /** The fields that differ from `base` (PATCH semantics). */
  changes: (values: TParsed, base: TRecord) => Record<string, unknown>;
  update: (id: string, version: number, changes: Record<string, unknown>) => Promise<ActionResult<TUpdated>>;
  onUpdated: (data: TUpdated) => SavedOutcome<TRecord>;
  /** Creates the record with the form's Idempotency-Key, which is renewed after a success (safe retries). */
  create?: {
    send: (values: TParsed, idempotencyKey: string) => Promise<ActionResult<TCreated>>;
    onCreated: (data: TCreated, values: TParsed) => SavedOutcome<TRecord>;
  };
  /** Nothing to send: by default back to the record (`recordHref`). */
  onUnchanged?: (base: TRecord) => void;
  recordHref?: (record: TRecord) => string;
  /** "… fehlgeschlagen: {message}". */
  failed: (message: string) => string;
  /**
   * A refusal the resource explains itself (a pending approval): answers the problem to show,
   * `true` when handled otherwise, or `undefined` to fall back to `failed` (or a promise of one).
   */
  explain?: (
    error: ActionError,
    apply: (details: readonly ServerErrorDetail[]) => string[],
  ) => SaveProblem | true | undefined | Promise<SaveProblem | true | undefined>;
}

export interface VersionedSave<TRecord, TParsed> {
  /** The record the edits are measured against; "Aktuellen Stand übernehmen" moves it. */
  base: TRecord | null;
  conflict: { current: TRecord; mine: TParsed } | null;
  problem: SaveProblem | null;
  /** Saving, or saved and navigating away: submit stays disabled so a second click cannot create a twin. */
  isBusy: boolean;
  onSubmit: () => Promise<void>;
  /** Saves the user's input again on top of the conflicting version. */
  overwrite: () => void;
  /** Puts the conflicting version into the form and drops the conflict. */
  takeCurrent: () => void;
  /** A newer version saved elsewhere on the page (the profile's language): the next save builds on it. */
  adopt: (record: TRecord) => void;
}

/**
 * The one save flow of every record form: send the change against the version the form was
 * filled from (or create), put the API's 422 field errors onto the fields, show a 409 as a
 * conflict that keeps the user's input, toast the result and navigate.
 */
export function useVersionedSave<
  TRecord extends VersionedRecord,
  TValues extends FieldValues,
  TParsed,
  TUpdated,
  TCreated = never,
>(options: VersionedSaveOptions<TRecord, TValues, TParsed, TUpdated, TCreated>): VersionedSave<TRecord, TParsed> {
  const { form, isFormPath } = options;
  const router = useRouter();
  const showToast = useToast();
  const [base, setBase] = useState<TRecord | null>(options.initial);
  /** The latest version the form knows of: the next save claims to change this one. */
  const [version, setVersion] = useState(options.initial?.version ?? 0);
  const [conflict, setConflict] = useState<{ current: TRecord; mine: TParsed } | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [isDone, setDone] = useState(false);
  const { idempotencyKey, renew: renewIdempotencyKey } = useIdempotencyKey();
  const problemText = useProblemText();
  // The API's error texts load with the first refusal, not with the form (issue 30).
  const apiProblemText = useLazyApiProblemText();

  const apply = (details: readonly ServerErrorDetail[]) =>
    applyServerErrors(form.setError, details, { fields: isFormPath, translate: problemText }).applied;

  async function handleFailure(error: ActionError, values: TParsed) {
    if (error.statusCode === 422 && error.details?.length) {
      apply(error.details);
      return;
    }
    if (error.statusCode === 409 && base) {
      // The panel's code loads while the record is read (it is not part of the form's first load).
      void preloadConflictPanel().catch(() => undefined);
      const current = await options.parseRecord(error.current);
      if (current) {
        setConflict({ current, mine: values });
        return;
      }
    }
    const explained = await options.explain?.(error, apply);
    if (explained === true) return;
    setProblem(explained ?? { tone: 'danger', message: options.failed(await apiProblemText(error)) });
  }

  async function save(values: TParsed, expectedVersion: number) {
    setProblem(null);
    setConflict(null);
    let outcome: SavedOutcome<TRecord>;
    if (base) {
      const changes = options.changes(values, base);
      if (Object.keys(changes).length === 0) {
        if (options.onUnchanged) options.onUnchanged(base);
        else if (options.recordHref) router.push(options.recordHref(base));
        return;
      }
      const result = await options.update(base.id, expectedVersion, changes);
      if (!result.ok) return handleFailure(result.error, values);
      outcome = options.onUpdated(result.data);
    } else {
      if (!options.create) throw new Error('useVersionedSave: creating needs options.create');
      const result = await options.create.send(values, idempotencyKey);
      if (!result.ok) return handleFailure(result.error, values);
      renewIdempotencyKey();
      outcome = options.create.onCreated(result.data, values);
    }
    showToast(outcome.toast);
    if (outcome.href) {
      setDone(true);
      router.push(outcome.href);
      router.refresh();
      return;
    }
    if (outcome.record) {
      setBase(outcome.record);
      setVersion(outcome.record.version);
      form.reset(options.toFormValues(outcome.record));
    }
    router.refresh();
  }

  return {
    base,
    conflict,
    problem,
    isBusy: form.formState.isSubmitting || isDone,
    onSubmit: form.handleSubmit((values) => save(values, version)),
    overwrite: () => {
      if (!conflict) return;
      const next = conflict.current.version;
      setVersion(next);
      void form.handleSubmit((values) => save(values, next))();
    },
    adopt: (record) => {
      setBase(record);
      setVersion(record.version);
    },
    takeCurrent: () => {
      if (!conflict) return;
      form.reset(options.toFormValues(conflict.current));
      setBase(conflict.current);
      setVersion(conflict.current.version);
      setConflict(null);
      setProblem(null);
    },
  };
}
