/**
 * Orders root-relative POSIX paths the way Rust orders `PathBuf`s: component by component, each
 * component by UTF-8 bytes (= Unicode code points), a shorter component first. So `a/b.md` sorts
 * before `a.md` (component `a` < `a.md`), unlike a plain string sort. Hub lists, and everything
 * reported per hub, follow this order to match the reference's output order.
 */
export function comparePosixPaths(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = rank(a.charCodeAt(i));
    const y = rank(b.charCodeAt(i));
    if (x !== y) return x - y;
  }
  return a.length - b.length;
}

/**
 * `/` ranks below every other unit (a component that ends first sorts first); UTF-16 surrogates
 * are moved above U+E000–U+FFFF so that unit order equals code-point order.
 */
function rank(unit: number): number {
  if (unit === 0x2f) return -1;
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}
