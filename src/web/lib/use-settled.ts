import { useEffect, useRef, useState } from 'react';

/**
 * `value` once it has stayed the same for `delay` ms, as `key` says (null: nothing to settle on, the
 * last settled value stays). The first value passes at once: there is nothing on screen yet to keep.
 * What a live count or a search asks for while the merchant is still typing.
 */
export function useSettled<T>(value: T, key: string | null, delay: number): { value: T; key: string | null } {
  const [settled, setSettled] = useState({ value, key });
  if (settled.key === null && key !== null) setSettled({ value, key });
  // `value` may be a new object on every render for the same key: the key says when it really changed,
  // and the value that settles is the latest one given for it.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  useEffect(() => {
    if (key === null || key === settled.key) return;
    const timer = setTimeout(() => setSettled({ value: latest.current, key }), delay);
    return () => clearTimeout(timer);
  }, [key, settled.key, delay]);
  return settled;
}
