import type { ModulesAccess } from '@tc/domain';

/** The logged-in user as login and refreshtoken answer it (docs/protocol.md). */
export interface SessionUser {
  _id: number;
  email: string;
  firstName?: string;
  lastName?: string;
  name: string;
  language?: string;
  unit: number | null;
  unitName?: string;
  unitType?: string | null;
  role: string;
  roleCode?: number | string;
  isOwner?: boolean;
  favoriteTrips?: number[];
  modulesAccess: ModulesAccess;
}

export interface Setting {
  name: string;
  value: unknown;
  unit: number | null;
}

export interface ModuleCatalogEntry {
  moduleCode: string;
  moduleName: string;
  actions: string[];
}

export interface LoginAnswer {
  token: string;
  user: SessionUser;
  settings: Setting[];
  modules: ModuleCatalogEntry[];
}

export type RefreshAnswer = Omit<LoginAnswer, 'modules'> & { modules?: ModuleCatalogEntry[] };

export interface FindAnswer<T> {
  data: T[];
  count?: number;
}

export interface FindBody {
  col: string;
  query?: Record<string, unknown>;
  count?: boolean;
  project?: Record<string, 0 | 1>;
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
}

export interface Unit {
  _id: number;
  name: string;
  type: string;
}
