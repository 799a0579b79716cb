/**
 * For tests of trip actions: trip 1's `tripaction` calls as a server answers them, each held until
 * the test calls `answer()`, then written as the trip's next version. `version` is the trip's
 * version now; `sent` the calls' bodies.
 */
export function heldTripActions() {
  const held = {
    version: 1,
    sent: [] as Record<string, unknown>[],
    answer: () => {},
    /** Answers a `tripaction` body once the test calls `answer()`. */
    handle: async (body: Record<string, unknown>): Promise<Response> => {
      held.sent.push(body);
      await new Promise<void>((resolve) => {
        held.answer = resolve;
      });
      held.version += 1;
      return Response.json({ _id: 1, _version: held.version });
    },
  };
  return held;
}
