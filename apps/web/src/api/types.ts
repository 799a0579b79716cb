export type { FindAnswer, ModuleCatalogEntry, SessionAnswer, SessionUser, Setting } from '@tc/domain';

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
  timeZone?: string;
}
