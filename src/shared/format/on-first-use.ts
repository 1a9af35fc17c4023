/**
 * A value made the first time it is asked for. Building an Intl formatter costs milliseconds on a
 * phone; made at module load, every formatter would block the page's start, shown or not.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
