import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delay` ms, as `key` says (null: nothing to settle on, the
 * last settled value stays). The first value passes at once: there is nothing on screen yet to keep.
 * What a live count or a search asks for while the merchant is still typing.
 */
export function useSettled<T>(value: T, key: string | null, delay: number): { value: T; key: string | null } {
  const [settled, setSettled] = useState({ value, key });
  if (settled.key === null && key !== null) setSettled({ value, key });
  useEffect(() => {
    if (key === null || key === settled.key) return;
    const timer = setTimeout(() => setSettled({ value, key }), delay);
    return () => clearTimeout(timer);
    // `value` changes with `key`: the key says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, settled.key, delay]);
  return settled;
}
