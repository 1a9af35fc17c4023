import { describe, expect, it } from 'vitest';
import {
  CHART_BACKGROUND,
  COMPARISON_COLOR_TOKENS,
  COMPARISON_COLORS,
  SERIES_COLOR_TOKENS,
  SERIES_COLORS,
} from '../../../src/web/ui/chart/theme';

// WCAG 2.x relative luminance and contrast ratio, from the tokens' resolved hex values.
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [red, green, blue] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(one: string, other: string): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const series = SERIES_COLOR_TOKENS.map((name, index) => ({ name, hex: SERIES_COLORS[index] ?? '' }));
const comparison = COMPARISON_COLOR_TOKENS.map((name, index) => ({ name, hex: COMPARISON_COLORS[index] ?? '' }));

describe('chart colours', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ace4d9', '#ffffff')).toBeCloseTo(1.41, 2);
  });

  it('draws on white', () => {
    expect(CHART_BACKGROUND.toLowerCase()).toBe('#ffffff');
  });

  it.each([...series, ...comparison])('gives $name ($hex) at least 3:1 against the background (WCAG 1.4.11)', ({ hex }) => {
    expect(contrast(hex, CHART_BACKGROUND)).toBeGreaterThanOrEqual(3);
  });

  it('keeps the first three series apart in luminance, so they read in greyscale too', () => {
    const [first, second, third] = series;
    for (const [one, other] of [
      [first, second],
      [second, third],
      [first, third],
    ] as const) {
      expect(contrast(one?.hex ?? '', other?.hex ?? ''), `${one?.name} against ${other?.name}`).toBeGreaterThanOrEqual(1.3);
    }
  });

  it('keeps each series apart from the next one', () => {
    for (let index = 1; index < series.length; index++) {
      const [one, other] = [series[index - 1], series[index]];
      expect(contrast(one?.hex ?? '', other?.hex ?? ''), `${one?.name} against ${other?.name}`).toBeGreaterThanOrEqual(1.5);
    }
  });
});
