import { can, MAP, type ModuleKey, resolveTemplate, type Template } from '@tc/domain';
import type { SessionUser, Setting } from '#src/api/types.ts';

/** A setting's value: the user's site value wins over the system-wide one (docs/protocol.md). */
export function settingValue(settings: readonly Setting[], name: string, unit: number | null | undefined): unknown {
  const own = settings.find((s) => s.name === name && unit != null && s.unit === unit);
  if (own) return own.value;
  return settings.find((s) => s.name === name && s.unit == null)?.value;
}

export function templateOf(user: SessionUser | null, settings: readonly Setting[]): Template {
  return resolveTemplate(user?.unitType ?? undefined, settingValue(settings, 'systemTemplate', user?.unit));
}

/** "map center" is "lat, lng" (spec section 3); anything else falls back to the default centre. */
export function mapCenterOf(user: SessionUser | null, settings: readonly Setting[]): [number, number] {
  const raw = settingValue(settings, 'map center', user?.unit);
  if (typeof raw === 'string') {
    const [lat, lng] = raw.split(',').map((part) => Number(part.trim()));
    if (Number.isFinite(lat) && Number.isFinite(lng)) return [lat as number, lng as number];
  }
  return [MAP.defaultCenter[0], MAP.defaultCenter[1]];
}

export function userCan(user: SessionUser | null, module: ModuleKey, action = 'view'): boolean {
  return !!user && can(user.modulesAccess, module, action);
}
