import { useEffect, useRef, useState } from 'react';

/** The value once it has settled for `delay` ms (table search: 250 ms, order filters: 500 ms). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A text field bound to a stored value (e.g. a URL parameter) that is written back only once the
 * typing has settled for `delay` ms (trimmed); a change of the stored value from elsewhere (back,
 * forward, a link) shows in the field. Answers the text as typed and its setter.
 */
export function useDebouncedInput(stored: string, write: (value: string) => void, delay: number): [string, (text: string) => void] {
  const [text, setText] = useState(stored);
  const settled = useDebouncedValue(text.trim(), delay);
  const written = useRef(stored);
  const latestWrite = useRef(write);
  latestWrite.current = write;
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    latestWrite.current(settled);
  }, [settled]);
  useEffect(() => {
    if (stored === written.current) return;
    written.current = stored;
    setText(stored);
  }, [stored]);
  return [text, setText];
}
