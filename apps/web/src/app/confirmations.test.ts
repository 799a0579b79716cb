import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { allowanceOf, withConfirmations } from './confirmations.ts';

const duplicate = new ApiError('Book it anyway?', 409, undefined, 'confirmDuplicate', {
  confirm: 'duplicate',
  duplicates: [7],
});
const limitation = new ApiError('Inside the limitation', 409, undefined, 'confirmLimitation', {
  confirm: 'limitation',
});

describe('confirmations', () => {
  it('names the allowance a 409 asks for, and none for another error', () => {
    expect(allowanceOf(duplicate)).toBe('allowDuplicate');
    expect(allowanceOf(new ApiError('stale', 409, undefined, 'staleVersion'))).toBeUndefined();
    expect(allowanceOf(new Error('x'))).toBeUndefined();
  });

  it('asks for each confirmation in turn and sends the request again with what was allowed', async () => {
    const sent: unknown[] = [];
    const send = vi.fn(async (allow: Record<string, true>) => {
      sent.push(allow);
      if (!allow.allowDuplicate) throw duplicate;
      if (!allow.allowLimitation) throw limitation;
      return 'booked';
    });
    const ask = vi.fn(async () => true);
    await expect(withConfirmations(send, ask)).resolves.toBe('booked');
    expect(sent).toEqual([{}, { allowDuplicate: true }, { allowDuplicate: true, allowLimitation: true }]);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('sends nothing more when the user declines, and throws other errors', async () => {
    const send = vi.fn(async () => {
      throw duplicate;
    });
    await expect(withConfirmations(send, async () => false)).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(1);
    const failing = async () => {
      throw new ApiError('Payment Failed, Please Try Again', 402, 'card.number', 'paymentFailed');
    };
    await expect(withConfirmations(failing, async () => true)).rejects.toThrow('Payment Failed');
  });

  it('does not loop when the server asks again for what was allowed', async () => {
    const send = vi.fn(async () => {
      throw duplicate;
    });
    await expect(withConfirmations(send, async () => true)).rejects.toBe(duplicate);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
