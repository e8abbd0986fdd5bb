/**
 * `derive(key)`, made once per key object and kept while the key lives (a
 * WeakMap). For values derived from shared cached ones (the rate search's
 * row lists): every request gets the same derived value instead of making
 * its own. The derived value is shared: callers must not change it.
 */
export function oncePer<K extends object, V>(derive: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = derive(key);
      made.set(key, value);
    }
    return value;
  };
}
