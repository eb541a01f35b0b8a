import type { Scope, ScopeField } from '@/lib/schemas/roles';

/** A user holds a scope if the scope field lists it, or maps it to `true` (seed §6). */
export function hasScope(scopeField: ScopeField | null | undefined, scope: Scope): boolean {
  if (!scopeField) return false;
  if (Array.isArray(scopeField)) return scopeField.includes(scope);
  return Object.prototype.hasOwnProperty.call(scopeField, scope) && scopeField[scope] === true;
}
