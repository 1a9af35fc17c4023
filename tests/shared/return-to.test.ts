import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_TO, safeReturnTo } from '../../src/shared/return-to';

describe('safeReturnTo', () => {
  it.each(['/dashboard', '/segments/12', '/campaigns?status=active', '/chat#top', '/a/b/c?x=1&y=%2F'])(
    'keeps the same-origin path %s',
    (value) => {
      expect(safeReturnTo(value)).toBe(value);
    },
  );

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['a number', 42],
    ['protocol-relative', '//evil.example/x'],
    ['backslash trick', '/\\evil.example'],
    ['absolute URL', 'https://evil.example/dashboard'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative path', 'dashboard'],
    ['tab smuggling', '/\t/evil.example'],
    ['newline', '/dash\nboard'],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('falls back to /dashboard for %s', (_label, value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });

  it('defaults to /dashboard', () => {
    expect(DEFAULT_RETURN_TO).toBe('/dashboard');
  });
});
