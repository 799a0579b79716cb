import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmitGuard } from './useSubmitGuard.ts';

describe('the double-submit guard', () => {
  it('ignores a second submit within the window', async () => {
    const handler = vi.fn(async () => undefined);
    const { result } = renderHook(() => useSubmitGuard(handler, 3000));
    await result.current();
    await result.current();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('lets the next submit go at once when the last one did nothing (refused or withdrawn)', async () => {
    const handler = vi.fn(async () => false);
    const { result } = renderHook(() => useSubmitGuard(handler, 3000));
    await result.current();
    await result.current();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('lets the next submit go once the page moved on (what was submitted was written or taken back)', async () => {
    const handler = vi.fn(async () => undefined);
    const { result } = renderHook(() => useSubmitGuard(handler, 3000));
    await result.current();
    result.current.reset();
    await result.current();
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
