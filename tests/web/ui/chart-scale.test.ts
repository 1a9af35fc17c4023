import { describe, expect, it } from 'vitest';
import { bandScale, niceCeiling, pointScale, ticks, valueScale } from '../../../src/web/ui/chart/scale';

describe('valueScale', () => {
  it('runs from 0 at the bottom to a round top, labelled every round step and gridded twice as finely', () => {
    const y = valueScale(6_820_000, 280);
    expect(y(0)).toBe(280);
    expect(y(7_000_000)).toBe(0);
    expect(y(3_500_000)).toBe(140);
    expect(y.labels).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((value) => value * 1_000_000));
    expect(y.grid).toEqual(Array.from({ length: 15 }, (_, index) => index * 500_000));
  });

  it('keeps the labels round where the top is not a multiple of their step', () => {
    const y = valueScale(263, 100);
    expect(y(280)).toBe(0);
    expect(y.labels).toEqual([0, 50, 100, 150, 200, 250]);
    expect(y.grid).toEqual([0, 20, 40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 240, 260, 280]);
  });

  it('gives exact decimal ticks for ratios', () => {
    expect(valueScale(0.95, 100).labels).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticks(0.3, 3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('keeps zero at the bottom with a single tick when every value is zero', () => {
    const y = valueScale(0, 200);
    expect(y(0)).toBe(200);
    expect(y.labels).toEqual([0]);
    expect(y.grid).toEqual([0]);
  });
});

describe('niceCeiling', () => {
  it('rounds the top up to a whole step of about a tenth', () => {
    expect(niceCeiling(6_820_000)).toBe(7_000_000);
    expect(niceCeiling(263)).toBe(280);
    expect(niceCeiling(131)).toBe(140);
    expect(niceCeiling(0.95)).toBe(1);
    expect(niceCeiling(100)).toBe(100);
    expect(niceCeiling(0)).toBe(0);
  });
});

describe('pointScale', () => {
  it('puts the first row on the left edge and the last on the right', () => {
    const x = pointScale(5, 400);
    expect([0, 1, 2, 3, 4].map(x.centre)).toEqual([0, 100, 200, 300, 400]);
    expect(x.bandwidth).toBe(0);
  });

  it('centres a single row', () => {
    expect(pointScale(1, 400).centre(0)).toBe(200);
  });

  it('finds the row nearest the pointer', () => {
    const x = pointScale(5, 400);
    expect([-20, 49, 51, 260, 399, 600].map(x.indexAt)).toEqual([0, 0, 1, 3, 4, 4]);
  });
});

describe('bandScale', () => {
  it('leaves 30 % of a step between bar groups and at either end', () => {
    // 4 groups and 0.3 of a step at each end: 4.3 steps of 100 px.
    const x = bandScale(4, 430, 0.3);
    expect(x.bandwidth).toBeCloseTo(70, 10);
    expect([0, 1, 2, 3].map((index) => Math.round(x.start(index) * 1000) / 1000)).toEqual([30, 130, 230, 330]);
    expect(x.centre(0)).toBeCloseTo(65, 10);
    // The last group ends one outer padding before the edge.
    expect(x.start(3) + x.bandwidth).toBeCloseTo(400, 10);
  });

  it('gives the pointer to the group whose slot it is in, gaps included', () => {
    const x = bandScale(4, 430, 0.3);
    expect([0, 114, 116, 250, 429].map(x.indexAt)).toEqual([0, 0, 1, 2, 3]);
  });
});
