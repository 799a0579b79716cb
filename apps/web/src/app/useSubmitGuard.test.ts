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

  it('drops a second submit while the first is in flight, even past the window', async () => {
    let finish: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const handler = vi.fn(() => (handler.mock.calls.length === 1 ? slow : undefined));
    const { result } = renderHook(() => useSubmitGuard(handler, 0));
    const first = result.current();
    await result.current();
    expect(handler).toHaveBeenCalledTimes(1);
    finish();
    await first;
    await result.current();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('lets the next submit go at once after one that threw', async () => {
    const handler = vi.fn(async () => {
      throw new Error('refused');
    });
    const { result } = renderHook(() => useSubmitGuard(handler, 3000));
    await expect(result.current()).rejects.toThrow('refused');
    await expect(result.current()).rejects.toThrow('refused');
    expect(handler).toHaveBeenCalledTimes(2);
  });
});
