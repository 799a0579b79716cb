import { describe, expect, it } from 'vitest';
import { State } from './state.ts';
import { tinyProblem } from './testing/tiny.ts';

const p = tinyProblem(
  [
    { from: [1, 0], to: [2, 0] },
    { from: [0, 1], to: [0, 2] },
    { from: [3, 3], to: [4, 4] },
  ],
  [{ capacity: [3] }, { capacity: [3] }],
);
const arc = p.dist;
const snapshot = (s: State) => ({ seqs: s.routes.map((r) => r.seq.slice()), bank: s.bank.slice().sort() });

function filled(): State {
  const s = State.empty(p, arc);
  s.insert(p, arc, 0, 0, { cost: 0, i: 0, j: 0 });
  s.insert(p, arc, 1, 0, { cost: 0, i: 2, j: 2 });
  s.insert(p, arc, 2, 1, { cost: 0, i: 0, j: 0 });
  return s;
}

describe('State.clone (copy on write)', () => {
  it('leaves the original as it was when the clone changes', () => {
    const s = filled();
    const before = snapshot(s);
    const t = s.clone();
    t.remove(p, arc, [0, 2]);
    t.insert(p, arc, 2, 0, { cost: 0, i: 0, j: 0 });
    expect(snapshot(s)).toEqual(before);
    expect(s.routeOf[2]).toBe(1);
    expect(t.routes[0]?.seq).not.toEqual(before.seqs[0]);
    expect(t.routeOf[2]).toBe(0);
  });

  it('leaves the clone as it was when the original changes after cloning', () => {
    const s = filled();
    const t = s.clone();
    const cloned = snapshot(t);
    s.remove(p, arc, [1]);
    s.insert(p, arc, 1, 1, { cost: 0, i: 0, j: 0 });
    expect(snapshot(t)).toEqual(cloned);
    expect(t.routes[0]?.arcCost).toBeGreaterThan(0);
    expect(s.routes[1]?.seq).toContain(1);
  });

  it('shares the routes nobody changed', () => {
    const s = filled();
    const t = s.clone();
    t.remove(p, arc, [2]);
    expect(t.routes[0]).toBe(s.routes[0]);
    expect(t.routes[1]).not.toBe(s.routes[1]);
  });
});
