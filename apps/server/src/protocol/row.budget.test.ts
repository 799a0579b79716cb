import { ERROR_TEXTS } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { RowBudget } from './row.budget.ts';

describe('row budget', () => {
  it('refuses a user past the rows in flight until some are given back, others unaffected', () => {
    const budget = new RowBudget();
    const held = [1, 2, 3, 4].map(() => budget.reserve(7, 5000));
    expect(() => budget.reserve(7, 1)).toThrow(ERROR_TEXTS.busy);
    expect(() => budget.reserve(8, 5000)).not.toThrow();
    held[0]?.();
    held[0]?.(); // giving back twice gives back once
    expect(() => budget.reserve(7, 5000)).not.toThrow();
    expect(() => budget.reserve(7, 1)).toThrow(ERROR_TEXTS.busy);
    expect(() => budget.reserve(7, 0)).not.toThrow();
  });
});
