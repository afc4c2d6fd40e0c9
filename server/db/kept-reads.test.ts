import { describe, expect, it } from 'vitest';
import { keptReads, ownDatabase } from './kept-reads';
import { createWriteClock, isPlainSelect } from './write-clock';

/**
 * A database this process owns, its clock, a keeper of `max` reads, and a load that counts its calls
 * and answers what `state.value` holds when it is called.
 */
function ownedDatabase(max: number) {
  const db = {};
  const clock = createWriteClock();
  ownDatabase(db, clock);
  const state = { calls: 0, value: 'v1' };
  const load = async () => {
    state.calls++;
    return state.value;
  };
  return { db, clock, reads: keptReads<string>(max), state, load };
}

describe('reads kept between changes', () => {
  it('answers a read again until a change begins, and reads again after it', async () => {
    const { db, clock, reads, state, load } = ownedDatabase(10);
    expect(await reads.read(db, 'a', load)).toBe('v1');
    expect(await reads.read(db, 'a', load)).toBe('v1');
    expect(state.calls).toBe(1);
    const end = clock.begin();
    state.value = 'v2';
    expect(await reads.read(db, 'a', load)).toBe('v2');
    end();
    expect(await reads.read(db, 'a', load)).toBe('v2');
    expect(state.calls).toBe(3);
  });

  it('never answers a read that overlapped a change after the change ended', async () => {
    const { db, clock, reads, state, load } = ownedDatabase(10);
    let end!: () => void;
    const slow = async () => {
      const v = await load();
      // the change begins and ends while this read is still on its way back
      end = clock.begin();
      state.value = 'v2';
      end();
      return v;
    };
    expect(await reads.read(db, 'a', slow)).toBe('v1');
    expect(await reads.read(db, 'a', load)).toBe('v2');
  });

  it('keeps each key apart, drops the oldest past its size, and keeps nothing for a database it does not own', async () => {
    const { db, reads, state, load } = ownedDatabase(2);
    await reads.read(db, 'a', load);
    await reads.read(db, 'b', load);
    await reads.read(db, 'c', load);
    expect(state.calls).toBe(3);
    await reads.read(db, 'c', load);
    expect(state.calls).toBe(3);
    await reads.read(db, 'a', load);
    expect(state.calls).toBe(4);
    const shared = {};
    await reads.read(shared, 'a', load);
    await reads.read(shared, 'a', load);
    expect(state.calls).toBe(6);
  });

  it('counts as a change every statement but a plain select', () => {
    expect(isPlainSelect('select * from deployments')).toBe(true);
    expect(isPlainSelect('  SELECT 1')).toBe(true);
    for (const text of ['insert into t values (1)', 'update t set a = 1', 'with x as (delete from t returning *) select * from x', 'select * into t2 from t', 'create table t (a int)', 'begin'])
      expect(isPlainSelect(text)).toBe(false);
  });
});
