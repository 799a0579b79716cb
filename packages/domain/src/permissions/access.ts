import { MODULES, type ModuleKey } from './modules.ts';
import type { PermissionEntry } from './roles.ts';

/** What the server sends a logged-in user: the actions they hold, keyed by module code. */
export type ModulesAccess = PermissionEntry[];

/** True when the access list grants `action` on `module`. */
export function can(access: readonly PermissionEntry[], module: ModuleKey, action: string): boolean {
  const code = MODULES[module].code;
  return access.some((p) => p.moduleCode === code && p.action === action && p.access === 'fullAccess');
}

/** Spec section 6, with its backtick. */
export const FORBIDDEN_MESSAGE = 'You don`t have permissions to perform this action. Please contact an administrator.';
